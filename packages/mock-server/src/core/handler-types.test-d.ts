import { describe, expectTypeOf, it } from 'vitest';
import { type AnswerOf, defineHandlers, type HandlerTable } from './handler-types.js';
import { fail, ok } from './responses.js';

describe('the typed handler table', () => {
  it('accepts an answer shaped as the endpoint declares, and any refusal', () => {
    defineHandlers({
      'tags.get': { handle: () => ok({ tag_id: 't', name: 'VIP' }) },
      'tags.delete': { handle: () => fail(404, 'Tag not found') },
    });
    expectTypeOf(ok({ tag_id: 't', name: 'VIP' })).toExtend<AnswerOf<'tags.get'>>();
  });

  it('refuses an answer of another shape, or one with no data where data is declared', () => {
    defineHandlers({
      // @ts-expect-error: tags.get answers a tag, not a campaign count
      'tags.get': { handle: () => ok({ campaigns: 3 }) },
    });
    defineHandlers({
      // @ts-expect-error: tags.list answers a list of tags
      'tags.list': { handle: () => ok() },
    });
    expectTypeOf(ok({ campaigns: 3 })).not.toExtend<AnswerOf<'tags.get'>>();
  });

  it('needs a handler for every endpoint in the whole table', () => {
    // @ts-expect-error: a table of one endpoint is not the whole contract
    const partial: HandlerTable = defineHandlers({ 'tags.list': { handle: () => ok([]) } });
    expectTypeOf(partial).toEqualTypeOf<HandlerTable>();
  });
});
