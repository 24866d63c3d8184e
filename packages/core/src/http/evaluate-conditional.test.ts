import { evaluateConditional, type RepresentationState } from './evaluate-conditional';

const ETAG = '"sha256-aaa"';
const MODIFIED = new Date('2025-10-21T07:28:00Z');
const state: RepresentationState = { etag: ETAG, lastModified: MODIFIED };
const BEFORE = 'Tue, 21 Oct 2025 07:27:59 GMT';
const SAME = 'Tue, 21 Oct 2025 07:28:00 GMT';

const decide = (
  headers: Record<string, string>,
  method = 'GET',
  rep: RepresentationState = state,
) => evaluateConditional({ method, headers }, rep).status;

describe('evaluateConditional (RFC 9110 §13.2.2)', () => {
  describe('If-None-Match', () => {
    it.each([
      ['single matching tag', ETAG, 304],
      ['non-matching tag', '"sha256-bbb"', 200],
      ['list with a match', '"x", "sha256-aaa", "y"', 304],
      ['list without a match', '"x","y"', 200],
      ['weak echo of a strong tag (weak comparison)', 'W/"sha256-aaa"', 304],
      ['star', '*', 304],
      ['unquoted garbage', 'sha256-aaa', 200],
      ['garbage around a valid member', 'junk, "sha256-aaa"', 304],
      ['empty', '', 200],
    ])('%s', (_name, inm, status) => expect(decide({ 'if-none-match': inm })).toBe(status));

    it('answers 304 even when the request says Cache-Control: no-cache (fetch clients do)', () => {
      expect(
        decide({ 'if-none-match': ETAG, 'cache-control': 'no-cache', pragma: 'no-cache' }),
      ).toBe(304);
    });

    it('takes precedence over If-Modified-Since either way', () => {
      expect(decide({ 'if-none-match': '"other"', 'if-modified-since': SAME })).toBe(200);
      expect(decide({ 'if-none-match': ETAG, 'if-modified-since': BEFORE })).toBe(304);
    });

    it('applies to HEAD as to GET', () =>
      expect(decide({ 'if-none-match': ETAG }, 'HEAD')).toBe(304));

    it('reads repeated header fields as one list', () => {
      expect(
        evaluateConditional({ method: 'GET', headers: { 'if-none-match': ['"x"', ETAG] } }, state)
          .status,
      ).toBe(304);
    });
  });

  describe('If-Modified-Since', () => {
    it.each([
      ['same second', SAME, 304],
      ['later', 'Wed, 22 Oct 2025 00:00:00 GMT', 304],
      ['earlier', BEFORE, 200],
      ['obsolete RFC 850 form', 'Tuesday, 21-Oct-25 07:28:00 GMT', 304],
      ['asctime form', 'Tue Oct 21 07:28:00 2025', 304],
      ['invalid date (ignored)', 'yesterday', 200],
      ['impossible date (ignored)', 'Thu, 30 Feb 2025 07:28:00 GMT', 200],
    ])('%s', (_name, ims, status) => expect(decide({ 'if-modified-since': ims })).toBe(status));

    it('compares whole seconds', () => {
      const rep = { ...state, lastModified: new Date('2025-10-21T07:28:00.900Z') };
      expect(decide({ 'if-modified-since': SAME }, 'GET', rep)).toBe(304);
    });
  });

  describe('If-Match and If-Unmodified-Since', () => {
    it('uses the strong comparison for If-Match', () => {
      expect(decide({ 'if-match': ETAG })).toBe(200);
      expect(decide({ 'if-match': 'W/"sha256-aaa"' })).toBe(412);
      expect(decide({ 'if-match': '"zzz"' })).toBe(412);
      expect(decide({ 'if-match': '*' })).toBe(200);
    });

    it('evaluates If-Unmodified-Since only without If-Match', () => {
      expect(decide({ 'if-unmodified-since': BEFORE })).toBe(412);
      expect(decide({ 'if-unmodified-since': SAME })).toBe(200);
      expect(decide({ 'if-match': ETAG, 'if-unmodified-since': BEFORE })).toBe(200);
    });

    it('evaluates If-Match before If-None-Match', () => {
      expect(decide({ 'if-match': '"zzz"', 'if-none-match': ETAG })).toBe(412);
    });
  });

  describe('methods', () => {
    it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'BREW'])(
      '%s gets 405 with Allow',
      (method) => {
        expect(evaluateConditional({ method, headers: {} }, state)).toEqual({
          status: 405,
          allow: 'GET, HEAD',
        });
      },
    );

    it('HEAD never gets a body', () => {
      expect(evaluateConditional({ method: 'HEAD', headers: {} }, state)).toEqual({
        status: 200,
        sendBody: false,
      });
    });
  });

  describe('Range and If-Range', () => {
    const sized = { ...state, size: 1000 };
    const range = (headers: Record<string, string>, method = 'GET') =>
      evaluateConditional({ method, headers }, sized);

    it('serves a single byte range', () => {
      expect(range({ range: 'bytes=0-99' })).toEqual({
        status: 206,
        sendBody: true,
        start: 0,
        end: 99,
        contentRange: 'bytes 0-99/1000',
      });
      expect(range({ range: 'bytes=900-' })).toMatchObject({ status: 206, start: 900, end: 999 });
      expect(range({ range: 'bytes=-10' })).toMatchObject({ status: 206, start: 990, end: 999 });
      expect(range({ range: 'bytes=990-5000' })).toMatchObject({ status: 206, end: 999 });
    });

    it('answers 416 for an unsatisfiable range and ignores malformed or multiple ranges', () => {
      expect(range({ range: 'bytes=1000-' })).toEqual({
        status: 416,
        contentRange: 'bytes */1000',
      });
      expect(range({ range: 'bytes=-0' })).toEqual({ status: 416, contentRange: 'bytes */1000' });
      expect(range({ range: 'bytes=5-1' }).status).toBe(200);
      expect(range({ range: 'items=0-1' }).status).toBe(200);
      expect(range({ range: 'bytes=0-1,5-6' }).status).toBe(200);
      expect(range({ range: 'bytes=99999999999999999999-' }).status).toBe(416);
    });

    it('honours If-Range only with a strong matching entity-tag', () => {
      expect(range({ range: 'bytes=0-9', 'if-range': ETAG }).status).toBe(206);
      expect(range({ range: 'bytes=0-9', 'if-range': 'W/"sha256-aaa"' }).status).toBe(200);
      expect(range({ range: 'bytes=0-9', 'if-range': '"old"' }).status).toBe(200);
      expect(range({ range: 'bytes=0-9', 'if-range': SAME }).status).toBe(200);
    });

    it('ignores Range on HEAD and when the size is unknown', () => {
      expect(range({ range: 'bytes=0-9' }, 'HEAD')).toEqual({ status: 200, sendBody: false });
      expect(decide({ range: 'bytes=0-9' })).toBe(200);
    });

    it('lets a 304 win over Range', () => {
      expect(range({ range: 'bytes=0-9', 'if-none-match': ETAG }).status).toBe(304);
    });
  });
});
