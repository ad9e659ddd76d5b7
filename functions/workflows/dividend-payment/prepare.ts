import { observed, taskKeys } from '#core/observability';
import { preparePayment } from '../../dividends/payment.ts';

/** First state of a dividend payment: each member's plan, checked, and the chunks (functions/dividends/payment.ts). */
export const handler = observed('dividend-payment', preparePayment, taskKeys);
