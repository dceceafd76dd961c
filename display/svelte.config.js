// Svelte options shared by the Vite plugin and svelte-check: Svelte 5 runes everywhere.
export default {
  compilerOptions: { runes: true },
};
