/**
 * Small, realistic diagnostics written for the tests and the benchmark (no real device data):
 * the field names follow what iOS writes in sysdiagnose archives.
 */

export interface SampleDevice {
  osVersion: string;
  build: string;
  modelCode: string;
  crashReporterKey: string;
}

export const SAMPLE_DEVICE: SampleDevice = {
  osVersion: 'iPhone OS 16.5',
  build: '20F66',
  modelCode: 'iPhone14,2',
  crashReporterKey: 'c0ffee00d15ea5e0000000000000000000000042',
};

const header = (bugType: string, extra: Record<string, unknown>, device = SAMPLE_DEVICE): string =>
  JSON.stringify({
    bug_type: bugType,
    timestamp: '2023-06-01 10:17:55.00 +0200',
    os_version: `${device.osVersion} (${device.build})`,
    incident_id: '6C5E3C3A-0000-4000-8000-000000000001',
    ...extra,
  });

/** bug_type 309: a process crash. */
export function crashIps(
  opts: { procName: string; procPath: string; bundleId?: string; parentProc?: string; images?: string[] },
  device = SAMPLE_DEVICE,
): string {
  const body = {
    uptime: 12000,
    procRole: 'Unspecified',
    version: 2,
    userID: 501,
    deployVersion: 210,
    modelCode: device.modelCode,
    coalitionID: 514,
    osVersion: { isEmbedded: true, train: device.osVersion, releaseType: 'User', build: device.build },
    captureTime: '2023-06-01 10:17:54.9012 +0200',
    incident: '6C5E3C3A-0000-4000-8000-000000000001',
    pid: 4242,
    cpuType: 'ARM-64',
    procName: opts.procName,
    procPath: opts.procPath,
    ...(opts.bundleId ? { bundleInfo: { CFBundleIdentifier: opts.bundleId, CFBundleShortVersionString: '1.0' } } : {}),
    parentProc: opts.parentProc ?? 'launchd',
    parentPid: 1,
    crashReporterKey: device.crashReporterKey,
    exception: { type: 'EXC_CRASH', signal: 'SIGABRT' },
    usedImages: (opts.images ?? [opts.procPath, '/usr/lib/system/libsystem_kernel.dylib']).map((path, i) => ({
      source: 'P',
      arch: 'arm64e',
      base: 4294967296 + i * 65536,
      size: 65536,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
    })),
    threads: [
      { id: 1, triggered: true, queue: 'com.apple.main-thread', frames: [{ imageOffset: 1024, imageIndex: 0 }] },
    ],
  };
  return `${header('309', { app_name: opts.procName, name: opts.procName, ...(opts.bundleId ? { bundleID: opts.bundleId } : {}) }, device)}\n${JSON.stringify(body, null, 2)}\n`;
}

/** bug_type 298: a Jetsam (memory pressure) event listing the processes alive at the time. */
export function jetsamIps(processNames: string[], device = SAMPLE_DEVICE): string {
  const body = {
    crashReporterKey: device.crashReporterKey,
    kernel: 'Darwin Kernel Version 22.5.0',
    product: device.modelCode,
    incident: '6C5E3C3A-0000-4000-8000-000000000002',
    date: '2023-06-01 10:20:00.00 +0200',
    build: `${device.osVersion} (${device.build})`,
    memoryStatus: { compressorSize: 12000, pageSize: 16384 },
    largestProcess: processNames[0],
    processes: processNames.map((name, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      states: ['daemon'],
      rpages: 100 + i,
      reason: i === 0 ? 'per-process-limit' : undefined,
      pid: 100 + i,
      name,
    })),
  };
  return `${header('298', {})}\n${JSON.stringify(body, null, 2)}\n`;
}

/** bug_type 288: a stackshot, processes keyed by pid. */
export function stackshotIps(processNames: string[], device = SAMPLE_DEVICE): string {
  const processByPid = Object.fromEntries(
    processNames.map((procname, i) => [String(i), { pid: i, procname, timesThrottled: 0, threadById: {} }]),
  );
  const body = {
    crashReporterKey: device.crashReporterKey,
    kernel: 'Darwin Kernel Version 22.5.0',
    product: device.modelCode,
    incident: '6C5E3C3A-0000-4000-8000-000000000003',
    date: '2023-06-01 10:25:00.00 +0200',
    build: `${device.osVersion} (${device.build})`,
    reason: 'stackshot requested',
    processByPid,
  };
  return `${header('288', { name: 'stacks' })}\n${JSON.stringify(body, null, 2)}\n`;
}

/** One shutdown of shutdown.log: each client listed at `times` checks, then SIGTERM. */
export function shutdownLogText(
  shutdowns: Array<{ epoch: number; clients: Array<{ pid: number; path: string; times?: number }> }>,
): string {
  const lines: string[] = [];
  for (const { epoch, clients } of shutdowns) {
    const checks = Math.max(1, ...clients.map((c) => c.times ?? 1));
    for (let check = 0; check < checks; check++) {
      lines.push(`After ${(check * 0.5 + 0.01).toFixed(2)}s, these clients are still here:`);
      for (const c of clients) {
        if (check < (c.times ?? 1)) lines.push(`\t\tremaining client pid: ${c.pid} (${c.path})`);
      }
    }
    lines.push(`SIGTERM: [${epoch}]`);
  }
  return `${lines.join('\n')}\n`;
}

/** ps.txt as sysdiagnose writes it (`ps axwwo user,uid,prsna,pid,ppid,flags,...,command`). */
export function psText(commands: string[]): string {
  const head =
    'USER               UID PRSNA   PID  PPID        F  %CPU %MEM PRI NI      VSZ    RSS WCHAN    TT  STAT STARTED      TIME COMMAND';
  const rows = commands.map(
    (command, i) =>
      `root                 0     -  ${String(100 + i).padStart(4)}     1     4004   0.0  0.1  31  0  4194688   2048 -        ??  Ss   10:01AM   0:00.05 ${command}`,
  );
  return `${[head, ...rows].join('\n')}\n`;
}
