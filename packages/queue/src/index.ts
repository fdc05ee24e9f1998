export {
  isDeliveryGroup,
  WEBHOOK_DELIVERY_QUEUE,
  type AnyDeliveryJobData,
  type DeliveryGroupJobData,
  type DeliveryJobData,
} from './delivery-jobs';
export {
  DeliveryQueueUnavailable,
  enqueueDeliveries,
  enqueueDeliveryGroups,
  openDeliveryQueue,
  type DeliveryToQueue,
} from './delivery-producer';
