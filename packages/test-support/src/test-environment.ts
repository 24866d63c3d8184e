import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';
import {
  availableDialectsOrNone,
  dropServerNamespace,
  createServerNamespace,
  TEST_NAMESPACE_ENV,
  TEST_NAMESPACE_PREFIX,
  uniqueServerName,
} from './test-namespace';

/**
 * The jest environment of every package: Node's, plus what one test file owns and gives back
 * when it ends, also when it fails or times out:
 * - a temp folder that is the file's `os.tmpdir()` (TMPDIR), so every temp file a test, a
 *   library or a child process makes goes with it;
 * - where a database server answers, a PostgreSQL schema and a MariaDB database of its own
 *   (`databaseConfig()` points there), dropped with everything in it.
 */
export default class AgentReadyTestEnvironment extends NodeEnvironment {
  private readonly tempDir: string;
  private readonly savedTmpdir: string | undefined;
  private readonly namespace: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    const tempDir = mkdtempSync(join(tmpdir(), `${TEST_NAMESPACE_PREFIX}${process.pid}-`));
    const savedTmpdir = process.env.TMPDIR;
    // Before super(): the test's `process.env` is a copy taken when the environment is built.
    process.env.TMPDIR = tempDir;
    super(config, context);
    this.tempDir = tempDir;
    this.savedTmpdir = savedTmpdir;
    this.namespace = uniqueServerName();
    this.global.process.env[TEST_NAMESPACE_ENV] = this.namespace;
  }

  override async setup(): Promise<void> {
    await super.setup();
    for (const dialect of availableDialectsOrNone()) {
      await createServerNamespace(dialect, this.namespace);
    }
  }

  override async teardown(): Promise<void> {
    try {
      for (const dialect of availableDialectsOrNone()) {
        await dropServerNamespace(dialect, this.namespace).catch((error: Error) => {
          process.stderr.write(
            `[test-support] could not drop ${this.namespace}: ${error.message}\n`,
          );
        });
      }
    } finally {
      if (this.savedTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = this.savedTmpdir;
      rmSync(this.tempDir, { recursive: true, force: true, maxRetries: 3 });
      await super.teardown();
    }
  }
}
