import Alert from '@cloudscape-design/components/alert';
import { colorWarnings } from '../../app/theme/contrast';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Warns, under the colour fields, when a chosen colour cannot carry the usual white text or serve as
 * a link colour on a white page, saying which readable colour the app will use instead (WCAG AA).
 */
export function ColorContrastNotice({ primary, secondary }: { primary: string; secondary: string }) {
  if (!HEX.test(primary) || !HEX.test(secondary)) return null;
  const warnings = colorWarnings({ primary, secondary });
  if (warnings.length === 0) return null;
  return (
    <Alert type="warning" header="Some text will change colour to stay readable">
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Alert>
  );
}
