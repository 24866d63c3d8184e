import type { Request, Response } from 'express';
import { createSiteMcpHandler } from '@agent-ready/mcp';
import type { AgentSite, StoreLogger } from '@agent-ready/store';
import type { AgentReadyOptions } from './agent-ready-options';

/**
 * The site's MCP endpoint (option `mcp`) as Express runs it: the app's `authorize` middleware as
 * the access check of protected documents, Express's `req.ip` as the client's address.
 */
export function expressMcpHandler(
  site: AgentSite,
  options: AgentReadyOptions,
  logger: StoreLogger,
): ReturnType<typeof createSiteMcpHandler> {
  const { authorize } = options;
  return createSiteMcpHandler(site, options, {
    ...(authorize
      ? {
          authorize: (req, res) =>
            new Promise<boolean>((resolve, reject) => {
              authorize(req as Request, res as Response, (error?: unknown) =>
                error ? reject(error as Error) : resolve(true),
              );
              // Answered by the check itself (401, a redirect): nothing more to do.
              res.once('finish', () => resolve(false));
            }),
        }
      : {}),
    clientAddress: (req) => (req as Request).ip,
    onError: (error) =>
      logger.warn(`agent-ready: MCP call failed: ${(error as Error).message ?? String(error)}`),
  });
}
