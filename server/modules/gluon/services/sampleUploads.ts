import { crashIps, jetsamIps, psText, SAMPLE_DEVICE, shutdownLogText, type SampleDevice } from '../inspection/sampleArtefacts';
import { createTarGz } from '../inspection/tarWriter';

/**
 * Test and demo support: a sysdiagnose-like archive whose shutdown.log lists a DarkSword path
 * (/private/var/tmp/icloud_dump) and whose Jetsam .ips names a Triangulation process
 * (BackupAgent), plus a clean crash report and a ps.txt. Made-up data, no real device.
 */
export function sampleSysdiagnose(options: { device?: SampleDevice; extraProcess?: string } = {}): Buffer {
  const device = options.device ?? SAMPLE_DEVICE;
  const dir = `sysdiagnose_2023.06.01_10-30-00+0200_iPhone-OS_iPhone_${device.build}`;
  return createTarGz([
    {
      path: `${dir}/system_logs.logarchive/Extra/shutdown.log`,
      data: shutdownLogText([
        {
          epoch: 1_685_608_200,
          clients: [
            { pid: 61, path: '/usr/libexec/mobileassetd' },
            { pid: 412, path: '/private/var/tmp/icloud_dump/helper' },
            { pid: 666, path: '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged' },
          ],
        },
      ]),
    },
    {
      path: `${dir}/crashes_and_spins/JetsamEvent-2023-06-01.ips`,
      data: jetsamIps(['SpringBoard', 'BackupAgent', ...(options.extraProcess ? [options.extraProcess] : [])], device),
    },
    {
      path: `${dir}/crashes_and_spins/MobileSafari-2023-06-01.ips`,
      data: crashIps(
        {
          procName: 'MobileSafari',
          procPath: '/Applications/MobileSafari.app/MobileSafari',
          bundleId: 'com.apple.mobilesafari',
          images: ['/Applications/MobileSafari.app/MobileSafari'],
        },
        device,
      ),
    },
    { path: `${dir}/ps.txt`, data: psText(['/sbin/launchd', '/usr/libexec/mobileassetd']) },
  ]);
}
