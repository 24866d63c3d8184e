import { HttpBudgetError, HttpTransportError } from '../errors/client-errors';
import type { HttpExchange, HttpExchangeHead } from '../http/http-client';
import {
  checkDefinition,
  VALIDATION_CHECKS,
  type CheckDefinition,
  type CheckProtocol,
} from './check-catalog';

export type CheckStatus = 'pass' | 'fail' | 'warn' | 'not-tested';

export interface CheckEvidence {
  /** The request that showed it (the one that failed, for a failure). */
  request?: { method: string; url: string; headers?: Record<string, string> };
  response?: { status: number; headers: Record<string, string>; bodyBytes?: number };
  /** What was expected and what came: the header or byte that failed. */
  detail: string;
}

export interface CheckResult {
  id: string;
  title: string;
  protocol: CheckProtocol;
  status: CheckStatus;
  rule: string;
  evidence: CheckEvidence;
  /** How many times the check ran (sampled M-URLs, shards, collections) and how each ended. */
  counts: { pass: number; fail: number; warn: number };
}

interface Outcome {
  status: 'pass' | 'fail' | 'warn';
  evidence: CheckEvidence;
}

/** The request line and response of an exchange, for evidence. */
export function evidenceOf(
  exchange: HttpExchangeHead | HttpExchange,
  detail: string,
): CheckEvidence {
  const { 'user-agent': _agent, ...requestHeaders } = exchange.request.headers;
  return {
    request: {
      method: exchange.request.method,
      url: exchange.url,
      ...(Object.keys(requestHeaders).length > 0 ? { headers: requestHeaders } : {}),
    },
    response: {
      status: exchange.status,
      headers: exchange.headers,
      ...('body' in exchange ? { bodyBytes: exchange.body.length } : {}),
    },
    detail,
  };
}

const RANK: Record<CheckStatus, number> = { fail: 3, warn: 2, pass: 1, 'not-tested': 0 };

/**
 * Collects what each check found, possibly many times (one per sampled M-URL), and folds it
 * into one result per check: the worst outcome wins and keeps its evidence.
 */
export class CheckRecorder {
  /** The checks this run reports, in order (the profile's, then SCP, llmindex, llms.txt, MCP). */
  readonly catalog: readonly CheckDefinition[];
  private readonly outcomes = new Map<string, Outcome[]>();
  private readonly reasons = new Map<string, string>();
  /** Set once a budget stopped a probe: which one. */
  budgetSpent: string | undefined;

  constructor(catalog: readonly CheckDefinition[] = VALIDATION_CHECKS) {
    this.catalog = catalog;
  }

  pass(id: string, evidence: CheckEvidence): void {
    this.add(id, { status: 'pass', evidence });
  }

  /** A breach of the check's rule: `fail` or `warn` as the catalog says. */
  violation(id: string, evidence: CheckEvidence): void {
    this.add(id, { status: checkDefinition(id).severity, evidence });
  }

  /** A breach of the softer part of a check's rule. */
  warn(id: string, evidence: CheckEvidence): void {
    this.add(id, { status: 'warn', evidence });
  }

  fail(id: string, evidence: CheckEvidence): void {
    this.add(id, { status: 'fail', evidence });
  }

  /** Why the checks could not run (the first reason given is kept). */
  notTested(ids: string | readonly string[], reason: string): void {
    for (const id of typeof ids === 'string' ? [ids] : ids) {
      checkDefinition(id);
      if (!this.reasons.has(id)) this.reasons.set(id, reason);
    }
  }

  /** Every check id starting with `prefix` (e.g. `scp.`), not tested for `reason`. */
  notTestedPrefix(prefix: string, reason: string): void {
    this.notTested(
      this.catalog.filter((c) => c.id.startsWith(prefix)).map((c) => c.id),
      reason,
    );
  }

  has(id: string): boolean {
    return (this.outcomes.get(id)?.length ?? 0) > 0;
  }

  /**
   * Runs a probe; a spent budget turns `ids` into not-tested, a transport failure (timeout,
   * refused connection, body over the cap) into a violation of `ids` with the error as evidence.
   */
  async probe(
    ids: string | readonly string[],
    request: { method: string; url: string },
    run: () => Promise<void>,
  ): Promise<void> {
    try {
      await run();
    } catch (error) {
      const list = typeof ids === 'string' ? [ids] : ids;
      if (error instanceof HttpBudgetError) {
        this.budgetSpent ??= error.message;
        this.notTested(list, `not tested: ${error.message}`);
        return;
      }
      if (error instanceof HttpTransportError) {
        for (const id of list) this.violation(id, { request, detail: error.message });
        return;
      }
      throw error;
    }
  }

  results(): CheckResult[] {
    return this.catalog.map((check) => {
      const outcomes = this.outcomes.get(check.id) ?? [];
      const counts = { pass: 0, fail: 0, warn: 0 };
      let worst: Outcome | undefined;
      for (const outcome of outcomes) {
        counts[outcome.status]++;
        if (worst === undefined || RANK[outcome.status] > RANK[worst.status]) worst = outcome;
      }
      return {
        id: check.id,
        title: check.title,
        protocol: check.protocol,
        rule: check.rule,
        status: worst?.status ?? 'not-tested',
        evidence: worst?.evidence ?? {
          detail: this.reasons.get(check.id) ?? 'not reached',
        },
        counts,
      };
    });
  }

  private add(id: string, outcome: Outcome): void {
    checkDefinition(id);
    const list = this.outcomes.get(id);
    if (list) list.push(outcome);
    else this.outcomes.set(id, [outcome]);
  }
}
