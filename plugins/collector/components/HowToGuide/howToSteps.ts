import type { ComponentType } from 'react';

import {
  CollectingDataIllustration,
  DeviceDetectedIllustration,
  InspectionDoneIllustration,
  LaunchConnectorIllustration,
  OpenDownloadIllustration,
  RunInstallerIllustration,
  StartInspectionIllustration,
  UploadingDataIllustration,
} from '../Illustrations';

export interface HowToStep {
  number: number;
  text: string;
  /** Spec §2: steps 1–3 and 8–12 are illustrated; 4–7 happen on the phone and are text only. */
  illustration?: ComponentType;
}

export const HOW_TO_STEPS: readonly HowToStep[] = [
  {
    number: 1,
    text: 'Open the file you downloaded; you find it in the Downloads folder of this computer.',
    illustration: OpenDownloadIllustration,
  },
  {
    number: 2,
    text: 'Follow the installer. On macOS, open the package and click Continue until it is installed; on Windows, click Yes when asked to allow the app to make changes.',
    illustration: RunInstallerIllustration,
  },
  {
    number: 3,
    text: 'Open the connector from Applications (macOS) or from the Start menu (Windows).',
    illustration: LaunchConnectorIllustration,
  },
  { number: 4, text: 'Unlock your mobile device and keep it unlocked during the inspection.' },
  { number: 5, text: 'Connect the device to this computer with its USB cable.' },
  {
    number: 6,
    text: 'On the device, tap Trust (or Allow) when it asks whether to trust this computer, and enter the device passcode.',
  },
  { number: 7, text: 'If the connector asks for a backup password, enter it, or continue without one.' },
  {
    number: 8,
    text: 'The connector shows your device once it is detected; check its name and model.',
    illustration: DeviceDetectedIllustration,
  },
  { number: 9, text: 'Click Start inspection.', illustration: StartInspectionIllustration },
  {
    number: 10,
    text: 'Wait while the connector collects the data. Do not disconnect the device; this can take several minutes.',
    illustration: CollectingDataIllustration,
  },
  {
    number: 11,
    text: 'The connector uploads the collected data securely. Keep this computer online until it finishes.',
    illustration: UploadingDataIllustration,
  },
  {
    number: 12,
    text: 'When the connector says the inspection is done, disconnect the device and close the connector.',
    illustration: InspectionDoneIllustration,
  },
];
