/**
 * Stubs in the control API, for the account of the `Authorization` key:
 * `POST /_mock/stubs` sets one (201 with its id; 422 listing every problem,
 * an answer that does not match the spec included), `GET /_mock/stubs`
 * lists them, `DELETE /_mock/stubs/{id}` removes one and
 * `DELETE /_mock/stubs` all of them.
 */
import type { Engine } from '../engine/engine.js';
import type { StubRegistry } from '../stubs/registry.js';
import { StubRefusedError, setStub } from '../stubs/set-stub.js';
import { readJsonBody } from './body.js';
import { controlAccount } from './control-account.js';
import type { ControlRoute } from './control-route.js';
import { plainJson } from './documents.js';
import { notFound, unprocessable } from './errors.js';

/** The stubs' routes of the control API. */
export function stubControlRoutes(engine: Engine, registry: StubRegistry): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/stubs',
      handle: async (c) => {
        const account = controlAccount(engine, c, 'Stubs');
        const body = await readJsonBody(c, { required: true });
        try {
          return plainJson(await setStub(registry, account, body), 201);
        } catch (error) {
          if (error instanceof StubRefusedError) throw unprocessable(error.issues, 'Stub refused');
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/stubs',
      handle: (c) => plainJson({ stubs: registry.list(controlAccount(engine, c, 'Stubs').id) }),
    },
    {
      method: 'DELETE',
      path: '/stubs',
      handle: (c) => {
        registry.clear(controlAccount(engine, c, 'Stubs').id);
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'DELETE',
      path: '/stubs/:id',
      handle: (c) => {
        const id = c.req.param('id') ?? '';
        if (!registry.remove(controlAccount(engine, c, 'Stubs').id, id)) {
          throw notFound(`This account has no stub ${id}; GET /_mock/stubs lists its stubs.`);
        }
        return new Response(null, { status: 204 });
      },
    },
  ];
}
