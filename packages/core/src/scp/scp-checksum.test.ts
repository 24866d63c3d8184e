import { computeScpChecksum, removeScpChecksumMember, verifyScpChecksum } from './scp-checksum';
import { ScpChecksumError, ScpFormatError } from './scp-errors';
import {
  REFERENCE_CHECKSUM_FINAL_LF,
  REFERENCE_CHECKSUM_NO_FINAL_LF,
  REFERENCE_LINE_1,
  REFERENCE_PAGES,
  referenceCollection,
  withChecksum,
} from '../../test/support/scp-fixtures';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('SCP checksum (DECISIONS §2, reference generator rule)', () => {
  it('reproduces the notes test vector', () => {
    expect(computeScpChecksum([REFERENCE_LINE_1, ...REFERENCE_PAGES].join('\n'))).toBe(
      REFERENCE_CHECKSUM_NO_FINAL_LF,
    );
    expect(computeScpChecksum(`${[REFERENCE_LINE_1, ...REFERENCE_PAGES].join('\n')}\n`)).toBe(
      REFERENCE_CHECKSUM_FINAL_LF,
    );
  });

  it("verifies the reference generator's file, with and without a final LF", () => {
    expect(verifyScpChecksum(bytes(referenceCollection(false)))).toBe('verified');
    expect(verifyScpChecksum(bytes(referenceCollection(true)))).toBe('verified');
  });

  it('rejects a mismatch: a changed byte, a wrong final LF, a swapped checksum', () => {
    const changed = referenceCollection(false).replace('Hello World!', 'Hello World?');
    expect(() => verifyScpChecksum(bytes(changed))).toThrow(ScpChecksumError);
    expect(() => verifyScpChecksum(bytes(`${referenceCollection(false)}\n`))).toThrow(
      ScpChecksumError,
    );
    const swapped = [
      withChecksum(REFERENCE_LINE_1, REFERENCE_CHECKSUM_FINAL_LF),
      ...REFERENCE_PAGES,
    ].join('\n');
    try {
      verifyScpChecksum(bytes(swapped));
      throw new Error('no error');
    } catch (error) {
      expect(error).toMatchObject({ code: 'scp.checksum.mismatch', line: 1 });
    }
  });

  it('accepts uppercase hex and the whitespace other JSON writers add', () => {
    const upper = referenceCollection(false).replace(
      REFERENCE_CHECKSUM_NO_FINAL_LF,
      `sha256:${REFERENCE_CHECKSUM_NO_FINAL_LF.slice(7).toUpperCase()}`,
    );
    expect(verifyScpChecksum(bytes(upper))).toBe('verified');
    const spaced =
      '{"collection": {"id": "a", "section": "b", "type": "snapshot", "generated": "2025-01-15T10:00:00Z", "version": "0.1"}}\n{"x":1}';
    const checksum = computeScpChecksum(spaced);
    const file = spaced.replace('"0.1"}}', `"0.1", "checksum": "${checksum}"}}`);
    expect(verifyScpChecksum(bytes(file))).toBe('verified');
  });

  it('says absent when there is no checksum, and rejects a line 1 that is not metadata', () => {
    expect(verifyScpChecksum(bytes([REFERENCE_LINE_1, ...REFERENCE_PAGES].join('\n')))).toBe(
      'absent',
    );
    expect(() => verifyScpChecksum(bytes('not json\n'))).toThrow(ScpFormatError);
  });

  it('removes the last trailing member carrying the claimed value, else a leading one', () => {
    const sum = `sha256:${'a'.repeat(64)}`;
    const other = `sha256:${'b'.repeat(64)}`;
    expect(
      removeScpChecksumMember(
        `{"collection":{"x":{"checksum":"${other}"},"id":"a","checksum":"${sum}"}}`,
        sum,
      ),
    ).toBe(`{"collection":{"x":{"checksum":"${other}"},"id":"a"}}`);
    expect(removeScpChecksumMember(`{"collection":{"checksum":"${sum}", "id":"a"}}`, sum)).toBe(
      '{"collection":{"id":"a"}}',
    );
    expect(
      removeScpChecksumMember(`{"collection":{"checksum":"${other}","id":"a"}}`, sum),
    ).toBeUndefined();
    expect(removeScpChecksumMember(`{"collection":{"checksum":"${sum}"}}`, sum)).toBeUndefined();
  });

  it('scans a line of whitespace in linear time (no backtracking regex)', () => {
    const sum = `sha256:${'a'.repeat(64)}`;
    const line = `{"a":1${' '.repeat(2_000_000)},"checksum"${' '.repeat(1_000_000)}:"${sum}"}`;
    expect(removeScpChecksumMember(line, sum)).toBe(`{"a":1${' '.repeat(2_000_000)}}`);
  });
});
