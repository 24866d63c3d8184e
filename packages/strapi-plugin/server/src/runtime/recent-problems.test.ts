import { RecentProblems } from './recent-problems';

describe('RecentProblems', () => {
  it('keeps the newest warnings and errors first, bounded, and still logs them', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const problems = new RecentProblems(3, () => now++);
    const logged: string[] = [];
    const log = problems.recording({
      info: (m) => logged.push(`info ${m}`),
      warn: (m) => logged.push(`warn ${m}`),
      error: (m) => logged.push(`error ${m}`),
    });
    log.info('progress');
    log.warn('one');
    log.error('two');
    log.warn('three');
    log.error('four');
    expect(logged).toEqual(['info progress', 'warn one', 'error two', 'warn three', 'error four']);
    expect(problems.list().map((p) => [p.level, p.message])).toEqual([
      ['error', 'four'],
      ['warn', 'three'],
      ['error', 'two'],
    ]);
    expect(problems.list(1)[0]).toEqual({
      at: '2026-01-01T00:00:00.003Z',
      level: 'error',
      message: 'four',
    });
  });

  it('shortens huge messages', () => {
    const problems = new RecentProblems();
    problems.add('error', 'x'.repeat(10_000));
    expect(problems.list()[0]!.message.length).toBe(2001);
  });
});
