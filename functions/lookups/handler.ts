import { BANKS, CALCULATION_METHODS, PAYMENT_MODES, countries, statesOf } from '@coopledger/shared/lookups';
import { invalid } from '#core/errors';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';

export const handler = domainHandler('lookups', {
  'GET /banks': async () => ok('Banks retrieved', BANKS),
  'GET /utilities/countries': async () => ok('Countries retrieved', countries()),
  'GET /utilities/state': async ({ query }) => {
    const countryId = query.country_id?.trim();
    if (!countryId) throw invalid('country_id', 'Please select a country');
    return ok('States retrieved', statesOf(countryId));
  },
  'GET /calculation-method': async () => ok('Calculation methods retrieved', CALCULATION_METHODS),
  'GET /payment-mode': async () => ok('Payment modes retrieved', PAYMENT_MODES),
});
