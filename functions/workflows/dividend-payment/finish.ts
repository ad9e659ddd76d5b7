import { observed, taskKeys } from '#core/observability';
import { finishPayment } from '../../dividends/payment.ts';

/** Last state of a dividend payment: the batch settled, then the dividend Paid or its payment FAILED. */
export const handler = observed('dividend-payment', finishPayment, taskKeys);
