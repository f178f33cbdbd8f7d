// Machine notes for the report header: the machine is shared, so its load is part of every figure.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROME } from './settings.mjs';

function quiet(cmd, argv) {
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export const pkgVersion = (name) => {
  try {
    return JSON.parse(readFileSync(path.join('node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export function machineNotes() {
  const cpus = os.cpus();
  const chromium =
    quiet(CHROME, ['--version'])
      ?.split('\n')
      .find((l) => /chrom/i.test(l)) ?? `not found at ${CHROME}`;
  const commit = quiet('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = quiet('git', ['status', '--porcelain', '--untracked-files=no']);
  return {
    date: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
    commit: commit ? `${commit}${dirty ? ' (with uncommitted changes)' : ''}` : 'unknown',
    cpu: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}`,
    cpus: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    load: loadAverage(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
    astro: pkgVersion('astro'),
    lighthouse: pkgVersion('lighthouse'),
    netlifyDev: pkgVersion('@netlify/dev'),
    zisi: pkgVersion('@netlify/zip-it-and-ship-it'),
  };
}
