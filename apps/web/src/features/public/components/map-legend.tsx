import { MAP_WIDTH } from '../map/projection';

/** The title cartouche (over the empty Sahara) and the compass rose (over Manchuria). */
export function MapLegend({ classes }: { classes: Record<string, string> }) {
  return (
    <>
      <g transform="translate(14 262)">
        <rect className={classes.card} width={176} height={104} rx={6} />
        <text className={classes.title} x={12} y={24}>
          The Silk Roads
        </text>
        <text className={classes.subtitle} x={12} y={40}>
          c. 200 BCE – 1450 CE
        </text>
        <path className={classes.route} d="M12 58H44" />
        <text className={classes.legendText} x={52} y={61.5}>
          Caravan route
        </text>
        <path className={classes.lane} d="M12 76H44" />
        <text className={classes.legendText} x={52} y={79.5}>
          Sea lane
        </text>
        <circle className={classes.city} cx={28} cy={93} r={3.5} />
        <text className={classes.legendText} x={52} y={96.5}>
          City or oasis
        </text>
      </g>
      <g transform={`translate(${MAP_WIDTH - 46} 46)`}>
        <circle className={classes.card} r={22} />
        <path className={classes.city} d="M0 -19L5 0L0 19L-5 0Z" />
        <path className={classes.card} d="M-19 0L0 -4L19 0L0 4Z" />
        <text className={classes.legendText} y={-26} textAnchor="middle">
          N
        </text>
      </g>
    </>
  );
}
