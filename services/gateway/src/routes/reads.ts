import { Router, type RequestHandler } from 'express';
import { ApiError } from '@yv/domain';
import type { ServiceMetrics } from '@yv/metrics';
import {
  API_ERROR_STATUS,
  BootstrapWalletParameter,
  CursorParameter,
  LimitParameter,
  PER_WALLET_CACHE_CONTROL,
  privately,
  SHARED_READ_CACHE_CONTROL,
  WalletAddressParameter,
} from '@yv/schemas';
import { carriesBearer } from '../auth/partner-auth';
import { notModified } from '../http/conditional';
import { sendData } from '../http/envelope';
import { parameters } from '../http/parameters';
import { refuseCursor, refuseLimit } from '../http/refusals';
import { bootstrapJson, readBootstrap } from '../reads/bootstrap';
import { sectionFailures } from '../reads/metrics';
import type { PageResult, ReadResult, ReadServices } from '../reads/services';
import { walletError } from '../reads/wallet-data';

export interface ReadsDeps {
  services: ReadServices;
  metrics: ServiceMetrics;
  /** Longest one bootstrap section may take; it is null with an error entry after that. */
  sectionTimeoutMs: number;
  bootstrapHlpSeriesPoints: number;
}

const refuseAddress = (value: unknown) => walletError(value, 'path parameter `address`');
const walletParameters = parameters([WalletAddressParameter], { address: refuseAddress });
const pageParameters = parameters([WalletAddressParameter, CursorParameter, LimitParameter], {
  address: refuseAddress,
  cursor: refuseCursor,
  limit: refuseLimit,
});
const bootstrapParameters = parameters([BootstrapWalletParameter], {
  wallet: (value: unknown) => walletError(value, 'query parameter `wallet`'),
});

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
    (section: string, read: () => Promise<ReadResult<unknown>>, cacheControl?: string): RequestHandler =>
    async (req, res) => {
      const { data, updatedAt, meta, etag } = await counted(section, read);
      if (cacheControl && etag) {
        res.set('Cache-Control', carriesBearer(req) ? privately(cacheControl) : cacheControl);
        res.set('ETag', etag);
        // A match is 304 without a body: the data is not even serialized.
        if (notModified(res, etag)) return void res.status(304).end();
      }
      sendData(res, data, { ...meta, updatedAt });
    };
  const paged =
    (
      section: string,
      read: (wallet: string, page: { cursor: string | null; limit: number }) => Promise<PageResult<unknown>>,
    ): RequestHandler =>
    async (req, res) => {
      const { address, cursor, limit } = pageParameters(req);
      const page = { cursor: cursor ?? null, limit };
      const { data, updatedAt, meta, nextCursor } = await counted(section, () => read(address, page));
      res.set('Cache-Control', PER_WALLET_CACHE_CONTROL);
      sendData(res, data, { ...meta, updatedAt, nextCursor });
    };
  const s = deps.services;

  router.get(
    '/api/v1/config',
    single('config', () => s.config(), SHARED_READ_CACHE_CONTROL['/api/v1/config']),
  );
  router.get(
    '/api/v1/health',
    single('health', () => s.health()),
  );
  router.get(
    '/api/v1/vault',
    single('vault', () => s.vault(), SHARED_READ_CACHE_CONTROL['/api/v1/vault']),
  );
  router.get(
    '/api/v1/hlp',
    single('hlp', () => s.hlp(), SHARED_READ_CACHE_CONTROL['/api/v1/hlp']),
  );
  router.get('/api/v1/bootstrap', async (req, res) => {
    const { wallet } = bootstrapParameters(req);
    const result = await readBootstrap(s, wallet ?? null, {
      timeoutMs: deps.sectionTimeoutMs,
      hlpSeriesPoints: deps.bootstrapHlpSeriesPoints,
      onFailure: (section, code) => failures.inc({ section, code }),
    });
    res
      .set('Cache-Control', PER_WALLET_CACHE_CONTROL)
      .status(200)
      .type('application/json')
      .send(bootstrapJson(result));
  });
  router.get('/api/v1/wallets/:address/position', async (req, res) => {
    const { address } = walletParameters(req);
    const { data, updatedAt, meta } = await counted('position', () => s.position(address));
    res.set('Cache-Control', PER_WALLET_CACHE_CONTROL);
    sendData(res, data, { ...meta, updatedAt });
  });
  router.get('/api/v1/wallets/:address/activity', paged('activity', s.activity));
  router.get('/api/v1/wallets/:address/redeems', paged('redeems', s.redeems));
  return router;
}
