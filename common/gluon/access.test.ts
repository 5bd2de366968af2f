import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];

const tables: Record<string, CheckRow[]> = {
  isInspectionAdmin: [
    ['all three rw', ADMIN, true],
    ['all three plus more', [...ADMIN, 'elc#dev#r'], true],
    ['missing fl', ['gln#rpt#rw', 'gln#cfg#rw'], false],
    ['fl read only', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#r'], false],
    ['nothing', [], false],
  ],
  canDownloadFiles: [
    ['fl r', ['gln#fl#r'], true],
    ['fl rw', ['gln#fl#rw'], true],
    ['admin', ADMIN, true],
    ['fl w only', ['gln#fl#w'], false],
    ['other module', ['elc#fl#r'], false],
  ],
  canReadConfig: [
    ['cfg r', ['gln#cfg#r'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg w', ['gln#cfg#w'], false],
    ['nothing', [], false],
  ],
  canWriteConfig: [
    ['cfg w', ['gln#cfg#w'], true],
    ['cfg rw', ['gln#cfg#rw'], true],
    ['cfg r', ['gln#cfg#r'], false],
    ['mnt cfg rw', ['mnt#cfg#rw'], false],
  ],
  hasCrashExplorer: [
    ['cre r', ['gln#cre#r'], true],
    ['cre rw', ['gln#cre#rw'], false],
    ['pre r', ['gln#pre#r'], false],
  ],
  hasProcessExplorer: [
    ['pre r', ['gln#pre#r'], true],
    ['cre r', ['gln#cre#r'], false],
    ['nothing', [], false],
  ],
  canRescan: [
    ['rsn r', ['gln#rsn#r'], true],
    ['rsn w', ['gln#rsn#w'], false],
    ['nothing', [], false],
  ],
  isBasicUploader: [
    ['suv sdv pdv', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['missing pdv', ['gln#suv#r', 'gln#sdv#r'], false],
    ['with admin', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r', ...ADMIN], false],
    ['nothing', [], false],
  ],
  isUploader: [
    ['upl rw', ['gln#upl#rw'], true],
    ['basic uploader', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['upl rw but admin', ['gln#upl#rw', ...ADMIN], false],
    ['upl w', ['gln#upl#w'], false],
    ['nothing', [], false],
  ],
  hasNewInspectionAccess: [
    ['fl w', ['gln#fl#w'], true],
    ['fl rw', ['gln#fl#rw'], true],
    ['upl w', ['gln#upl#w'], true],
    ['upl rw', ['gln#upl#rw'], true],
    ['ext w', ['gln#ext#w'], true],
    ['ext rw', ['gln#ext#rw'], true],
    ['read only', ['gln#fl#r', 'gln#upl#r', 'gln#ext#r'], false],
    ['nothing', [], false],
  ],
  canUpload: [
    ['upl w', ['gln#upl#w'], true],
    ['basic uploader', ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    ['admin', ADMIN, true],
    ['reports only', ['gln#rpt#r'], false],
  ],
  canUploadToDevice: [
    ['admin', ADMIN, true],
    ['upload and reports', ['gln#upl#w', 'gln#rpt#r'], true],
    ['upload only', ['gln#upl#w'], false],
    ['reports only', ['gln#rpt#r'], false],
    ['uploader holding reports', ['gln#upl#rw', 'gln#rpt#rw'], false],
  ],
  canReadReports: [
    ['rpt r', ['gln#rpt#r'], true],
    ['admin', ADMIN, true],
    ['rpt r but uploader', ['gln#rpt#r', 'gln#upl#rw'], false],
    ['rpt w', ['gln#rpt#w'], false],
  ],
  canTriage: [
    ['rpt rw', ['gln#rpt#rw'], true],
    ['rpt w', ['gln#rpt#w'], true],
    ['rpt r', ['gln#rpt#r'], false],
    ['basic uploader with rpt rw', ['gln#rpt#rw', 'gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], false],
  ],
  isSaasVariant: [
    ['no explorer permissions', ['gln#fl#r'], true],
    ['nothing', [], true],
    ['crash explorer', ['gln#cre#r'], false],
    ['process explorer', ['gln#pre#r'], false],
    ['rescan', ['gln#rsn#r'], false],
  ],
};

// Malformed strings: only isSaasVariant (an absence) is true.
describeChecks(checks, tables, (name) => name === 'isSaasVariant');
