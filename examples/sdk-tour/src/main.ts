// Runs the tour's first calls against the standalone mock (pnpm mock).
import { connect, firstCalls, postbackUrls } from './tour.js';

const client = connect(process.env.MARKETING_BASE_URL);
const { contact, vipCells } = await firstCalls(client);
console.log(contact.firstname, `${vipCells.length} VIP contacts`);
console.log(postbackUrls(client));
