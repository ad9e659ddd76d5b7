import type { ElectionBody, ElectionView } from '../../api/voting';
import { ELECTION_STATUS, activeStatusOf, isActive } from '@coopledger/shared/statuses';

/** The election form as typed: status is the select's text of ACTIVE or INACTIVE. */
export interface ElectionFormValues {
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  status: string;
  /** Only when creating; an edit changes positions in Manage Positions. */
  positions: { name: string; description: string }[];
}

export const blankPosition = () => ({ name: '', description: '' });

/** A new election is active and opens with one blank position to fill in. */
export const emptyElection = (): ElectionFormValues => ({
  name: '',
  description: '',
  start_date: '',
  end_date: '',
  status: String(ELECTION_STATUS.ACTIVE),
  positions: [blankPosition()],
});

export const electionValuesOf = (election: ElectionView): ElectionFormValues => ({
  name: election.name,
  description: election.description ?? '',
  start_date: election.start_date,
  end_date: election.end_date,
  status: String(election.status),
  positions: [],
});

const optional = (text: string) => text.trim() || undefined;

/** The body of a save; the positions go only with a new election. */
export function electionBody(values: ElectionFormValues, creating: boolean): ElectionBody {
  return {
    name: values.name.trim(),
    description: optional(values.description),
    start_date: values.start_date,
    end_date: values.end_date,
    status: activeStatusOf(isActive(values.status)),
    ...(creating
      ? { positions: values.positions.map((p) => ({ name: p.name.trim(), description: optional(p.description) })) }
      : {}),
  };
}

/** What the card's switch sends: the election as it is, with the other status. */
export function toggledElection(election: ElectionView, active: boolean): ElectionBody {
  return {
    name: election.name,
    description: election.description ?? undefined,
    start_date: election.start_date,
    end_date: election.end_date,
    status: activeStatusOf(active),
  };
}

type ElectionField =
  Exclude<keyof ElectionFormValues, 'positions'> | `positions.${number}.name` | `positions.${number}.description`;

/** The fields a server 422 may name: the election's own and, on create, each position line's. */
export function electionFields(positionCount: number): ElectionField[] {
  const lines = Array.from(
    { length: positionCount },
    (_, index) => [`positions.${index}.name`, `positions.${index}.description`] as const,
  ).flat();
  return ['name', 'description', 'start_date', 'end_date', 'status', ...lines];
}
