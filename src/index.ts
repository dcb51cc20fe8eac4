/**
 * cardsolve as a Node library: the solving core (`core.ts`, also `cardsolve/core`) and what
 * needs Node beside it: the package's version, the shipped lists read from the package
 * (`readPool`, `dailyDeal`), the loading of game modules named in
 * `CARDSOLVE_GAME_MODULES` and of dealers (`loadDealers`, docs/dealers.md), and Node's native
 * SHA-256 for the deal fingerprints. Programs that call the solver in process (a game server
 * answering a hint on every tap) import it from here.
 */
import { useNodeHash } from './plugins/nodeHash.js';

useNodeHash();

export * from './core.js';
export { dailyDeal, dailyPool, readPool } from './lists/daily.js';
export { loadDealers } from './plugins/dealerModules.js';
export { loadGameModules } from './plugins/gameModules.js';
export { CARDSOLVE_VERSION } from './version.js';
