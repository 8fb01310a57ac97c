/** Spec section 9: the charts' palette of six colours. */
export const CHART_COLORS = ['blue.6', 'teal.6', 'violet.6', 'orange.6', 'pink.6', 'yellow.6'];

/**
 * Pie and donut slices from values sorted largest first: beyond six, the smallest are summed
 * into 'Other', so every slice keeps its own colour of the six.
 */
export function chartSlices(sorted: { name: string; value: number }[]) {
  const keep = CHART_COLORS.length - 1;
  const slices =
    sorted.length > CHART_COLORS.length
      ? [
          ...sorted.slice(0, keep),
          { name: 'Other', value: sorted.slice(keep).reduce((s, x) => s + x.value, 0) },
        ]
      : sorted;
  return slices.map((slice, i) => ({ ...slice, color: CHART_COLORS[i] }));
}
