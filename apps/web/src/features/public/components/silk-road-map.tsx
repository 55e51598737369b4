import { useId } from 'react';
import { ISLANDS, SEAS, STRAITS } from '../map/coastlines';
import { CARAVAN_ROUTES, CITIES, SEA_LANES } from '../map/places';
import { MAP_HEIGHT, MAP_WIDTH, peaksAlong, project, smoothPath } from '../map/projection';
import { LAND_LABELS, RANGES, RIVERS, SEA_LABELS } from '../map/terrain';
import { MapLegend } from './map-legend';
import classes from './silk-road-map.module.css';

export const MAP_ALT =
  "Map of the historical Silk Roads. Caravan routes leave Chang'an (Xi'an) and Luoyang in China, run " +
  'through the Hexi Corridor to Dunhuang, split around the Taklamakan desert by Turpan and Kucha to the ' +
  'north and Khotan to the south, and meet again at Kashgar. They cross the Pamirs to Samarkand and ' +
  'Bukhara, go on through Merv, Nishapur and Rayy to Baghdad, then to Palmyra, Antioch and Tyre on the ' +
  'Mediterranean and across Anatolia to Constantinople. Side roads take the steppe north of the Tian Shan, ' +
  'reach Balkh and Taxila towards India, and Trebizond on the Black Sea. Dashed sea lanes join Basra and Hormuz to ' +
  'the Indian Ocean, Guangzhou to the South China Sea, and Venice to Constantinople.';

// Geometry is static: build the path strings once, not on every render.
const seas = SEAS.map((sea) => smoothPath(sea, true));
const islands = ISLANDS.map((island) => smoothPath(island, true));
const straits = STRAITS.map((strait) => smoothPath(strait, false));
const rivers = RIVERS.map((river) => smoothPath(river, false));
const ranges = RANGES.map((range) => peaksAlong(range));
const routes = CARAVAN_ROUTES.map((route) => smoothPath(route, false));
const lanes = SEA_LANES.map((lane) => smoothPath(lane, false));
// Faint lines every 10 degrees, as on a chart.
const graticule = [
  ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map(
    (lon) => `M${project([lon, 0])[0]} 0V${MAP_HEIGHT}`,
  ),
  ...[20, 30, 40, 50].map((lat) => `M0 ${project([0, lat])[1]}H${MAP_WIDTH}`),
];

/** Original artwork: the Silk Roads from Chang'an to Venice, drawn from a few hundred known places. */
export function SilkRoadMap() {
  const titleId = useId();
  const descId = useId();
  return (
    <svg
      className={classes.map}
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <title id={titleId}>The Silk Roads, from Chang'an to Constantinople and Venice</title>
      <desc id={descId}>{MAP_ALT}</desc>
      <rect className={classes.land} width={MAP_WIDTH} height={MAP_HEIGHT} />
      {seas.map((d) => (
        <path key={d} className={classes.sea} d={d} />
      ))}
      {straits.map((d) => (
        <path key={d} className={classes.strait} d={d} />
      ))}
      {islands.map((d) => (
        <path key={d} className={classes.island} d={d} />
      ))}
      {graticule.map((d) => (
        <path key={d} className={classes.grid} d={d} />
      ))}
      {rivers.map((d) => (
        <path key={d} className={classes.river} d={d} />
      ))}
      {ranges.map((d) => (
        <path key={d} className={classes.peaks} d={d} />
      ))}
      {LAND_LABELS.map(({ text, at, kind }) => {
        const [x, y] = project(at);
        return (
          <text key={text} x={x} y={y} textAnchor="middle" className={classes[kind]}>
            {text}
          </text>
        );
      })}
      {SEA_LABELS.map(({ text, at, ...rest }) => {
        const [x, y] = project(at);
        const rotate = 'rotate' in rest ? rest.rotate : 0;
        return (
          <text
            key={`${text}@${at.join()}`}
            x={x}
            y={y}
            textAnchor="middle"
            className={classes.seaLabel}
            transform={rotate ? `rotate(${rotate} ${x} ${y})` : undefined}
          >
            {text}
          </text>
        );
      })}
      {lanes.map((d) => (
        <path key={d} className={classes.lane} d={d} />
      ))}
      {routes.map((d) => (
        <path key={d} className={classes.route} d={d} />
      ))}
      {CITIES.map((city) => {
        const [x, y] = project(city.at);
        return (
          <g key={city.name}>
            <circle className={classes.city} cx={x} cy={y} r={city.major ? 4.5 : 3} />
            <text
              x={x + city.dx}
              y={y + city.dy}
              textAnchor={city.anchor}
              className={city.major ? classes.major : classes.label}
            >
              {city.name}
            </text>
          </g>
        );
      })}
      <MapLegend classes={classes} />
      <rect className={classes.frame} x={1} y={1} width={MAP_WIDTH - 2} height={MAP_HEIGHT - 2} rx={6} />
    </svg>
  );
}
