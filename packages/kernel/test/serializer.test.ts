import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/server.js';
import { nullableUnions } from '../src/serializer.js';

const Quoted = Type.Object({ _id: Type.String(), text: Type.Union([Type.String(), Type.Null()]) });
const Entry = Type.Object({
  lastMessage: Type.Union([Quoted, Type.Null()], { description: 'the latest' }),
  kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
});

describe('response schemas as the serializer reads them', () => {
  it('says a union of one typed schema and null as that schema, nullable, keeping what stands beside the union', () => {
    expect(nullableUnions(Entry)).toEqual({
      type: 'object',
      required: ['lastMessage', 'kind'],
      properties: {
        lastMessage: {
          type: 'object',
          required: ['_id', 'text'],
          properties: { _id: { type: 'string' }, text: { type: 'string', nullable: true } },
          description: 'the latest',
          nullable: true,
        },
        // A union of other kinds stays as it is.
        kind: {
          anyOf: [
            { const: 'a', type: 'string' },
            { const: 'b', type: 'string' },
          ],
        },
      },
    });
  });

  it('answers null and values alike through a route whose response has such unions, dropping what the schema does not name', async () => {
    const app = await createHttpServer({ logLevel: 'silent' });
    // Returned as a route may return rows: with a field its schema does not name.
    const bodies: unknown[] = [
      { lastMessage: null, kind: 'a' },
      { lastMessage: { _id: '1', text: null, secret: 'x' }, kind: 'b' },
      { lastMessage: { _id: '2', text: 'hi' }, kind: 'a' },
    ];
    app.get('/entries', { schema: { response: { 200: Type.Array(Entry) } } }, async () => bodies as never);
    const response = await app.inject({ method: 'GET', url: '/entries' });
    expect(response.json()).toEqual([
      { lastMessage: null, kind: 'a' },
      { lastMessage: { _id: '1', text: null }, kind: 'b' },
      { lastMessage: { _id: '2', text: 'hi' }, kind: 'a' },
    ]);
    await app.close();
  });
});
