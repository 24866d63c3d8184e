import { sha256Hex } from '../crypto';
import { MINIMAL_MANIFEST } from '../../test/support/llmindex-manifests';
import {
  deriveLlmindexVerifyValue,
  LlmindexProofError,
  llmindexDnsTxtRecord,
  llmindexProofFileBody,
  matchesLlmindexDnsTxt,
  matchesLlmindexProofFile,
} from './ownership-proof';

describe('llmindex ownership proof (§6.1, §6.2)', () => {
  it('names the DNS TXT record after the canonical URL’s host', () => {
    expect(llmindexDnsTxtRecord('https://WWW.Example.com:8443/shop', 'challenge-1')).toEqual({
      name: '_llmindex-challenge.www.example.com',
      type: 'TXT',
      value: 'challenge-1',
      zoneFileLine: '_llmindex-challenge.www.example.com. IN TXT "challenge-1"',
    });
    expect(llmindexDnsTxtRecord('example.com.', 'v').name).toBe('_llmindex-challenge.example.com');
    expect(llmindexDnsTxtRecord('https://bücher.example', 'v').name).toBe(
      '_llmindex-challenge.xn--bcher-kva.example',
    );
  });

  it('quotes and splits long or special values for a zone file', () => {
    const record = llmindexDnsTxtRecord('example.com', `say "hi"\\${'x'.repeat(300)}é`);
    expect(record.zoneFileLine).toMatch(
      /^_llmindex-challenge\.example\.com\. IN TXT "say \\"hi\\"\\\\x+" "x+\\195\\169"$/,
    );
  });

  it('writes the proof file body as the value plus a newline, and compares trimmed', () => {
    expect(llmindexProofFileBody('proof-123')).toBe('proof-123\n');
    expect(matchesLlmindexProofFile('  proof-123\r\n', 'proof-123')).toBe(true);
    expect(matchesLlmindexProofFile('proof-1234', 'proof-123')).toBe(false);
    expect(matchesLlmindexProofFile('', '')).toBe(false);
  });

  it('matches TXT records the way dns.resolveTxt returns them', () => {
    expect(matchesLlmindexDnsTxt([['v=spf1 -all'], ['proof-', '123']], 'proof-123')).toBe(true);
    expect(matchesLlmindexDnsTxt([['other']], 'proof-123')).toBe(false);
  });

  it.each([
    ['an empty value', () => llmindexProofFileBody(' ')],
    ['surrounding whitespace', () => llmindexProofFileBody(' x')],
    ['a line break', () => llmindexDnsTxtRecord('example.com', 'a\nb')],
    ['an IP host', () => llmindexDnsTxtRecord('https://127.0.0.1/', 'v')],
    ['a host with a space', () => llmindexDnsTxtRecord('exa mple.com', 'v')],
  ])('rejects %s with LlmindexProofError', (_name, act) => {
    expect(act).toThrow(LlmindexProofError);
  });

  it('derives a value like the openllmindex CLI (sha256 of the URL without trailing slash)', () => {
    const expected = `llmindex-verify=${sha256Hex(MINIMAL_MANIFEST.entity.canonical_url).slice(0, 32)}`;
    expect(deriveLlmindexVerifyValue('https://example.com//')).toBe(expected);
    expect(deriveLlmindexVerifyValue(' https://example.com ')).toBe(expected);
  });
});
