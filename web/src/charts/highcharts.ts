import Highcharts from 'highcharts';
// The accessibility module gives each chart its name and description (the charts' ariaLabel and
// ariaDescription) and a reading of its data for screen readers; without it Highcharts marks the
// chart an unnamed image (axe: svg-img-alt).
import 'highcharts/modules/accessibility';
// The chart package's night-mode colours (see the file).
import './chart-tokens.css';

export default Highcharts;
