import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import { ContentListQuerySchema, DeletedSchema, IdParamsSchema } from '@freight/contracts/back-office-content';

/** The app as the route files see it: request and reply typed by the routes' zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The back-office's refusals of a write: bad input, no session, no right, no such row, a conflict. */
export const WRITE_ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export interface EditableListRoutes<
  Input extends z.ZodType,
  Item extends z.ZodType,
  Page extends z.ZodType = z.ZodType,
> {
  /** The list's address, e.g. `/api/v1/back-office/news`; a row is at `${path}/:id`. */
  path: string;
  /** Who may write (requireStaff of the permission). */
  preHandler: preHandlerAsyncHookHandler;
  /** The body of POST and PUT. */
  input: Input;
  /** The row as answered after a save. */
  item: Item;
  /** OpenAPI summaries of the calls. */
  summaries: { list?: string; get?: string; create: string; update: string; remove?: string };
  /** GET `path`: a page of the list (`page`, `per_page`, `q`), answered as `page`. */
  list?: { page: Page; find: (query: z.output<typeof ContentListQuerySchema>) => Promise<z.input<Page>> };
  /** GET `path/:id`: one row. */
  get?: (id: number) => Promise<z.input<Item>>;
  create: (request: FastifyRequest, body: z.output<Input>) => Promise<z.input<Item>>;
  update: (request: FastifyRequest, id: number, body: z.output<Input>) => Promise<z.input<Item>>;
  /** DELETE `${path}/:id`, answered `{ ok: true }`; without it the list declares its own. */
  remove?: (request: FastifyRequest, id: number) => Promise<void>;
  /** The refusals to declare (default WRITE_ERRORS). */
  errors?: Record<number, typeof ErrorBodySchema>;
}

/**
 * The calls of an editable back-office list: GET `path` (a page, when `list` is given) and
 * `path/:id` (when `get` is), POST `path` adds a row (201), PUT `path/:id` saves one, DELETE
 * `path/:id` deletes one (when `remove` is). Each handler only calls the service's function.
 */
export function editableListRoutes<Input extends z.ZodType, Item extends z.ZodType, Page extends z.ZodType>(
  app: ZodApp,
  routes: EditableListRoutes<Input, Item, Page>,
): void {
  // The schemas check the body and the answer at run time; inside, they are any zod schema.
  const calls = routes as unknown as EditableListRoutes<z.ZodType, z.ZodType>;
  const { path, preHandler, input, item, summaries, errors = WRITE_ERRORS } = calls;
  const tags = ['back-office'];
  const { list: page, get } = calls;
  if (page) {
    app.get(
      path,
      {
        preHandler,
        schema: {
          tags,
          summary: summaries.list,
          querystring: ContentListQuerySchema,
          response: { 200: page.page, ...errors },
        },
      },
      async (request) => page.find(request.query),
    );
  }
  if (get) {
    app.get(
      `${path}/:id`,
      {
        preHandler,
        schema: { tags, summary: summaries.get, params: IdParamsSchema, response: { 200: item, ...errors } },
      },
      async (request) => get(request.params.id),
    );
  }
  app.post(
    path,
    { preHandler, schema: { tags, summary: summaries.create, body: input, response: { 201: item, ...errors } } },
    async (request, reply) => reply.code(201).send(await calls.create(request, request.body)),
  );
  app.put(
    `${path}/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: summaries.update,
        params: IdParamsSchema,
        body: input,
        response: { 200: item, ...errors },
      },
    },
    async (request) => calls.update(request, request.params.id, request.body),
  );
  const { remove } = calls;
  if (!remove) return;
  app.delete(
    `${path}/:id`,
    {
      preHandler,
      schema: { tags, summary: summaries.remove, params: IdParamsSchema, response: { 200: DeletedSchema, ...errors } },
    },
    async (request) => {
      await remove(request, request.params.id);
      return { ok: true as const };
    },
  );
}
