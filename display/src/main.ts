/** Entry point of the display SPA: mounts App into #app. */
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('display: index.html has no #app element');

export default mount(App, { target });
