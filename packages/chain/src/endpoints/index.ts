export { MAX_HEAD_LAG_BLOCKS, tryOrder, type EndpointState, type EndpointView } from './choice';
export {
  createRpcEndpoints,
  type RpcEndpointHealth,
  type RpcEndpoints,
  type RpcEndpointsOptions,
} from './endpoint-set';
