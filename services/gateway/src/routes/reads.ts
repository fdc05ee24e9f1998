import { Router, type RequestHandler } from 'express';
import { ApiError } from '@yv/domain';
import type { ServiceMetrics } from '@yv/metrics';
import { API_ERROR_STATUS } from '@yv/schemas';
import { sendData } from '../http/envelope';
import { bootstrapJson, readBootstrap } from '../reads/bootstrap';
import { cursorParam, parseLimit } from '../http/paging';
import { sectionFailures } from '../reads/metrics';
import type { PageResult, ReadResult, ReadServices } from '../reads/services';
import { parseWallet } from '../reads/wallet-data';

export interface ReadsDeps {
  services: ReadServices;
  metrics: ServiceMetrics;
  /** Longest one bootstrap section may take; it is null with an error entry after that. */
  sectionTimeoutMs: number;
  bootstrapHlpSeriesPoints: number;
}

const WALLET_PATH = 'path parameter `address`';

/**
 * The reads of the spec, no credentials. Handlers only parse parameters and send; a failure leaves as its
 * ApiError through the app's error handler. Unknown query parameters are ignored.
 */
export function readsRouter(deps: ReadsDeps): Router {
  const router = Router();
  const failures = sectionFailures(deps.metrics);
  const counted = async <T>(section: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof ApiError && API_ERROR_STATUS[error.code] >= 500)
        failures.inc({ section, code: error.code });
      throw error;
    }
  };
  const single =
    (section: string, read: () => Promise<ReadResult<unknown>>): RequestHandler =>
    async (_req, res) => {
      const { data, updatedAt, meta } = await counted(section, read);
      sendData(res, data, { ...meta, updatedAt });
    };
  const paged =
    (
      section: string,
      read: (wallet: string, page: { cursor: string | null; limit: number }) => Promise<PageResult<unknown>>,
    ): RequestHandler =>
    async (req, res) => {
      const wallet = parseWallet(req.params.address, WALLET_PATH);
      const page = { cursor: cursorParam(req.query.cursor), limit: parseLimit(req.query.limit) };
      const { data, updatedAt, meta, nextCursor } = await counted(section, () => read(wallet, page));
      sendData(res, data, { ...meta, updatedAt, nextCursor });
    };
  const s = deps.services;

  router.get(
    '/api/v1/config',
    single('config', () => s.config()),
  );
  router.get(
    '/api/v1/health',
    single('health', () => s.health()),
  );
  router.get(
    '/api/v1/vault',
    single('vault', () => s.vault()),
  );
  router.get(
    '/api/v1/hlp',
    single('hlp', () => s.hlp()),
  );
  router.get('/api/v1/bootstrap', async (req, res) => {
    const wallet =
      req.query.wallet === undefined ? null : parseWallet(req.query.wallet, 'query parameter `wallet`');
    const result = await readBootstrap(s, wallet, {
      timeoutMs: deps.sectionTimeoutMs,
      hlpSeriesPoints: deps.bootstrapHlpSeriesPoints,
      onFailure: (section, code) => failures.inc({ section, code }),
    });
    res.status(200).type('application/json').send(bootstrapJson(result));
  });
  router.get('/api/v1/wallets/:address/position', async (req, res) => {
    const wallet = parseWallet(req.params.address, WALLET_PATH);
    const { data, updatedAt, meta } = await counted('position', () => s.position(wallet));
    sendData(res, data, { ...meta, updatedAt });
  });
  router.get('/api/v1/wallets/:address/activity', paged('activity', s.activity));
  router.get('/api/v1/wallets/:address/redeems', paged('redeems', s.redeems));
  return router;
}
