import { useCooperative } from '../../api/cooperatives';
import type { Cooperative } from '../../api/cooperatives';
import { useSession } from '../../session/use-session';
import type { CooperativeColors } from './cooperative-colors';
import { colorsOf, DEFAULT_COOPERATIVE_COLORS } from './cooperative-colors';

export interface ActiveCooperative {
  cooperative: Cooperative | undefined;
  colors: CooperativeColors;
}

/** The cooperative the app is scoped to, and the colours it paints the shell with (defaults when none). */
export function useActiveCooperative(): ActiveCooperative {
  const id = useSession()?.activeCooperativeId ?? null;
  const { data } = useCooperative(id);
  const cooperative = id !== null ? data : undefined;
  return { cooperative, colors: cooperative ? colorsOf(cooperative.colors) : DEFAULT_COOPERATIVE_COLORS };
}
