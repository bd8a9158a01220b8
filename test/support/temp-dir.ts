import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMP_ROOT_ENV } from './global-setup.js';

/** A new empty directory, removed with the rest of the run's temporary files when the run ends. */
export const tempDir = (prefix: string) => mkdtemp(join(process.env[TEMP_ROOT_ENV] ?? tmpdir(), `${prefix}-`));
