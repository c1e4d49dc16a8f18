//! Which documents may load the schema past the depth and complexity limits of data queries.
//!
//! graphql-js `getIntrospectionQuery()` — what GraphiQL, codegen and API tools send — is 15
//! levels deep (its type references nest `ofType` nine times), deeper than any sensible limit for
//! data. Introspection only reads the schema, but the schema is a cyclic graph (a type's fields'
//! types have fields…), so an unbounded introspection query is a denial of service of its own.
//! A document is let through on its own bounds when, like graphql-java's "good faith
//! introspection", every operation is a query that reads nothing but `__schema`, `__type` and
//! `__typename`, each of `__schema`, `__type` and the fields that fan out over the schema
//! (`fields`, `inputFields`, `interfaces`, `possibleTypes`) appears at most once, and the
//! document, fragments expanded, stays within [`MAX_DEPTH`] and [`MAX_FIELDS`]. Anything else
//! goes through the limits of data queries like any other document.
use std::collections::HashMap;

use async_graphql::parser::types::{
    ExecutableDocument, FragmentDefinition, OperationType, Selection, SelectionSet,
};
use async_graphql::{Name, Positioned};

/// Deepest selection of a schema read: the standard query needs 15.
pub const MAX_DEPTH: usize = 20;
/// Most field selections of a schema read, fragments expanded: the standard query with every
/// option needs about 230.
pub const MAX_FIELDS: usize = 500;

/// Root fields that read the schema (and the type name, which reads nothing).
const ROOT_FIELDS: [&str; 3] = ["__schema", "__type", "__typename"];
/// Fields that may appear once: the schema reads and the lists that fan out over the schema.
const ONCE: [&str; 6] = [
    "__schema",
    "__type",
    "fields",
    "inputFields",
    "interfaces",
    "possibleTypes",
];

/// True when `doc` only reads the schema, within the bounds above.
pub fn is_bounded_schema_read(doc: &ExecutableDocument) -> bool {
    let mut walk = Walk {
        fragments: &doc.fragments,
        fields: 0,
        seen: HashMap::new(),
        active: Vec::new(),
    };
    doc.operations.iter().all(|(_, op)| {
        op.node.ty == OperationType::Query
            && reads_only_the_schema(&op.node.selection_set.node, &doc.fragments, 0)
            && walk.selections(&op.node.selection_set.node, 1)
    })
}

/// The root selections (through fragments) are schema reads only.
fn reads_only_the_schema(
    set: &SelectionSet,
    fragments: &HashMap<Name, Positioned<FragmentDefinition>>,
    nesting: usize,
) -> bool {
    if nesting > MAX_DEPTH {
        return false;
    }
    set.items.iter().all(|item| match &item.node {
        Selection::Field(field) => ROOT_FIELDS.contains(&field.node.name.node.as_str()),
        Selection::InlineFragment(inline) => {
            reads_only_the_schema(&inline.node.selection_set.node, fragments, nesting + 1)
        }
        Selection::FragmentSpread(spread) => fragments
            .get(&spread.node.fragment_name.node)
            .is_some_and(|f| {
                reads_only_the_schema(&f.node.selection_set.node, fragments, nesting + 1)
            }),
    })
}

/// Counts every field selection with fragments expanded, giving up (false) as soon as a bound
/// is passed, so a fragment that spreads another many times costs at most [`MAX_FIELDS`] steps.
struct Walk<'a> {
    fragments: &'a HashMap<Name, Positioned<FragmentDefinition>>,
    fields: usize,
    seen: HashMap<&'a str, usize>,
    /// Fragments being expanded: a cycle is invalid GraphQL, refused here before validation.
    active: Vec<&'a str>,
}

impl<'a> Walk<'a> {
    fn selections(&mut self, set: &'a SelectionSet, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        for item in &set.items {
            let ok = match &item.node {
                Selection::Field(field) => {
                    self.fields += 1;
                    let name = field.node.name.node.as_str();
                    if ONCE.contains(&name) {
                        let count = self.seen.entry(name).or_default();
                        *count += 1;
                        if *count > 1 {
                            return false;
                        }
                    }
                    self.fields <= MAX_FIELDS
                        && self.selections(&field.node.selection_set.node, depth + 1)
                }
                Selection::InlineFragment(inline) => {
                    self.selections(&inline.node.selection_set.node, depth)
                }
                Selection::FragmentSpread(spread) => {
                    let name = spread.node.fragment_name.node.as_str();
                    match self.fragments.get(&spread.node.fragment_name.node) {
                        Some(fragment) if !self.active.contains(&name) => {
                            self.active.push(name);
                            let ok = self.selections(&fragment.node.selection_set.node, depth);
                            self.active.pop();
                            ok
                        }
                        _ => false,
                    }
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounded(query: &str) -> bool {
        is_bounded_schema_read(&async_graphql::parser::parse_query(query).expect("parses"))
    }

    #[test]
    fn the_standard_introspection_queries_are_schema_reads() {
        assert!(bounded(include_str!(
            "../../tests/fixtures/introspection-query.graphql"
        )));
        assert!(bounded(include_str!(
            "../../tests/fixtures/introspection-query-all-options.graphql"
        )));
        assert!(bounded("{ __typename }"));
        assert!(bounded(
            "query { __type(name: \"Product\") { name fields { name type { name } } } }"
        ));
        assert!(bounded("{ ... on Query { __schema { types { name } } } }"));
    }

    #[test]
    fn data_and_mutations_are_not() {
        assert!(!bounded("{ __schema { types { name } } getMe { id } }"));
        assert!(!bounded("{ ...F } fragment F on Query { getMe { id } }"));
        assert!(!bounded("mutation { __typename }"));
        assert!(!bounded("query A { __typename } query B { getMe { id } }"));
        assert!(!bounded("{ ...Missing }"));
    }

    #[test]
    fn cycles_repeats_and_blow_ups_are_not() {
        assert!(!bounded(
            "{ __schema { types { fields { type { fields { name } } } } } }"
        ));
        assert!(!bounded(
            "{ a: __schema { types { name } } b: __schema { types { name } } }"
        ));
        assert!(!bounded(
            "{ a: __type(name: \"Query\") { name } b: __type(name: \"User\") { name } }"
        ));
        assert!(!bounded(
            "{ __schema { types { ...A } } } fragment A on __Type { ...B } fragment B on __Type { ...A }"
        ));
        let deep = format!(
            "{{ __type(name: \"Query\") {{ {} name {} }} }}",
            "ofType { ".repeat(25),
            "}".repeat(25)
        );
        assert!(!bounded(&deep));
        // Each fragment spreads the next twice: 2^20 fields once expanded.
        let mut bomb = String::from("{ __schema { types { ...F0 } } }");
        for i in 0..20 {
            bomb.push_str(&format!(
                " fragment F{i} on __Type {{ name ...F{} ofType {{ ...F{} }} }}",
                i + 1,
                i + 1
            ));
        }
        bomb.push_str(" fragment F20 on __Type { name }");
        assert!(!bounded(&bomb));
    }
}
