import { useMemo } from 'react';
import { useLookup } from '../../api/entities';
import { useStates } from '../../api/members';
import { choicesOf } from '../../components/crud/field-defs';

/**
 * The country and state choices of a member's profile (the wizard and the detail page's Staff Info):
 * the countries once, the states of `countryId` when one is chosen.
 */
export function usePlaceChoices(countryId: string) {
  const countries = useLookup('GET /utilities/countries');
  const states = useStates(countryId);
  const countryOptions = useMemo(
    () =>
      choicesOf(
        countries.data ?? [],
        (c) => c.id,
        (c) => c.name,
      ),
    [countries.data],
  );
  const stateOptions = useMemo(
    () =>
      choicesOf(
        states.data ?? [],
        (s) => s.id,
        (s) => s.name,
      ),
    [states.data],
  );
  return { countries, states, countryOptions, stateOptions };
}
