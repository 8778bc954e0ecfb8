#!/usr/bin/env node
// Makes sure the browser tests have a Chromium: $CHROMIUM_PATH, Debian's chromium, or
// Playwright's own. On a fresh CI machine (root with apt) it installs Debian's package.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumPath } from './chromium-path.mjs';

const require = createRequire(import.meta.url);

function playwrightOwn() {
  try {
    const p = require('playwright-core').chromium.executablePath();
    return p && existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

function canInstallWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let found = chromiumPath() ?? playwrightOwn();
if (!found && canInstallWithApt()) {
  console.log("No Chromium found: installing Debian's chromium package…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  found = chromiumPath();
}
if (!found) {
  console.error(
    'No Chromium for the browser tests. Set CHROMIUM_PATH, install Chromium (Debian: apt-get install chromium),\n' +
      'or run `npx playwright install chromium` where downloads are possible.',
  );
  process.exit(1);
}
console.log(`Browser tests use ${found}`);
