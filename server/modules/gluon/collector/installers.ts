import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const INSTALLER_OS = ['WIN', 'MAC'] as const;
export type InstallerOs = (typeof INSTALLER_OS)[number];

export interface InstallerFile {
  fileName: string;
  size: number;
  contentType: string;
  open(): Readable;
}

/** Error of the deployment, not of the caller: the route lets it become a logged 500. */
export class InstallerMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallerMissingError';
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.pkg': 'application/octet-stream',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

/** The one installer file in `${installersDir}/${os}/` (dot-files ignored). */
export async function findInstaller(installersDir: string, os: InstallerOs): Promise<InstallerFile> {
  const folder = path.join(installersDir, os);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => !name.startsWith('.'));
  } catch {
    throw new InstallerMissingError(`Installer folder ${folder} is missing`);
  }
  if (names.length !== 1)
    throw new InstallerMissingError(`Installer folder ${folder} must hold exactly one file, found ${names.length}`);
  const fileName = names[0]!;
  const filePath = path.join(folder, fileName);
  const info = await stat(filePath);
  if (!info.isFile()) throw new InstallerMissingError(`${filePath} is not a file`);
  return {
    fileName,
    size: info.size,
    contentType: CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream',
    open: () => createReadStream(filePath),
  };
}
