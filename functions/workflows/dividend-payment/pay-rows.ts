import { observed, taskKeys } from '#core/observability';
import { payChunk } from '../../dividends/payment.ts';

/** Pays a chunk's members, each once (functions/dividends/payment.ts). */
export const handler = observed('dividend-payment', payChunk, taskKeys);
