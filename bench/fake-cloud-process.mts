// A fake Cloud API answering sends in 5 ms, in a process of its own (bench:handlers), so that its
// CPU is not counted as the API's. Prints its base URL on the first line of stdout.
import { FakeCloud } from '../e2e/api/fake-cloud';

const PHONE_NUMBER_ID = process.argv[2] || '100200300';
let wamid = 0;
const cloud = await new FakeCloud().start();
cloud.onSend(PHONE_NUMBER_ID, () => ({ status: 200, delayMs: 5, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.BENCH${++wamid}` }] } }));
process.stdout.write(`${cloud.baseUrl}\n`);
setInterval(() => { cloud.requests.length = 0; }, 1000); // what it recorded is not needed here
process.on('SIGTERM', () => process.exit(0));
