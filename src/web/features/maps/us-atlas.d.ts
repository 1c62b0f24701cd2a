// The basemap's TopoJSON files, typed as what they are: their inferred JSON types (a `type: string`, not
// 'Topology') do not fit topojson-client. The declarations here take the place of the JSON's own types.
declare module 'us-atlas/states-10m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';
  const topology: Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
  export default topology;
}

declare module 'us-atlas/counties-10m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';
  const topology: Topology<{ counties: GeometryCollection; states: GeometryCollection; nation: GeometryCollection }>;
  export default topology;
}
