// A family of components, not one: the how-to guide's pictures share IllustrationFrame and shapes.tsx, so they sit
// in one folder and this index is its entry (tests/pluginLayout.test.ts accepts index.ts for such a folder).
export { CollectingDataIllustration } from './CollectingDataIllustration';
export { DeviceDetectedIllustration } from './DeviceDetectedIllustration';
export { InspectionDoneIllustration } from './InspectionDoneIllustration';
export { LaunchConnectorIllustration } from './LaunchConnectorIllustration';
export { OpenDownloadIllustration } from './OpenDownloadIllustration';
export { RunInstallerIllustration } from './RunInstallerIllustration';
export { StartInspectionIllustration } from './StartInspectionIllustration';
export { UploadingDataIllustration } from './UploadingDataIllustration';
