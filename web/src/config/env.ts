/** The GraphQL endpoint: same origin by default, overridable at build time. */
export const graphqlEndpoint: string = import.meta.env.VITE_GRAPHQL_ENDPOINT || '/graphql';

export const productName = 'Sellerdesk';
