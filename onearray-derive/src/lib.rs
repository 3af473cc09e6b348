//! `#[derive(Pod, Zeroable)]` for `onearray` element types; use them as `onearray::Pod` and
//! `onearray::Zeroable`, or `oneapi::onearray::Pod` and `oneapi::onearray::Zeroable` (see
//! `onearray` for examples).
//!
//! bytemuck's derives name `::bytemuck` unless told otherwise, so they fail in a crate that
//! depends only on `onearray` (or `oneapi`). These derives emit, in an anonymous `const` block,
//! a copy of the type (same fields and `repr`, other attributes dropped) deriving bytemuck's
//! trait with `#[bytemuck(crate = "<onearray>::bytemuck")]`: bytemuck checks the copy (no
//! padding, every field `Pod`, an allowed `repr`), and since the type has the same layout and
//! fields, the `unsafe impl` for the type itself that follows is sound.
//!
//! The path of `onearray` comes from the Cargo.toml of the crate being compiled: the name it
//! gives `onearray` if it depends on it (renamed or not), else `::<oneapi>::onearray` if it
//! depends on the `oneapi` facade, else `::onearray` (`onearray`'s own doc-tests). An
//! `#[onearray(crate = "path")]` attribute overrides it.

use proc_macro::{Delimiter, Group, TokenStream, TokenTree};
use proc_macro_crate::{crate_name, FoundCrate};
use std::str::FromStr;

/// Implements `onearray::Pod` (bytemuck's `Pod`) after bytemuck's checks; the type must
/// also be `Copy` and `Zeroable`.
#[proc_macro_derive(Pod, attributes(onearray))]
pub fn derive_pod(input: TokenStream) -> TokenStream {
    expand(
        input,
        "Pod",
        "::core::clone::Clone, ::core::marker::Copy, {k}::bytemuck::Zeroable, {k}::bytemuck::Pod",
    )
}

/// Implements `onearray::Zeroable` (bytemuck's `Zeroable`) after bytemuck's checks.
#[proc_macro_derive(Zeroable, attributes(onearray))]
pub fn derive_zeroable(input: TokenStream) -> TokenStream {
    expand(input, "Zeroable", "{k}::bytemuck::Zeroable")
}

fn expand(input: TokenStream, tr: &str, derives: &str) -> TokenStream {
    match parse(input) {
        Ok(item) => {
            let k = &item.krate;
            let prefix = format!(
                "const _: () = {{ #[allow(dead_code)] #[derive({})] \
                 #[bytemuck(crate = \"{k}::bytemuck\")]",
                derives.replace("{k}", k)
            );
            let suffix = format!("}}; unsafe impl {k}::bytemuck::{tr} for {} {{}}", item.name);
            let mut copy = TokenStream::new();
            copy.extend(item.tokens);
            let block = format!("{prefix} {copy} {suffix}");
            TokenStream::from_str(&block).unwrap_or_else(|e| error(&format!("{e}")))
        }
        Err(msg) => error(&msg),
    }
}

fn error(msg: &str) -> TokenStream {
    TokenStream::from_str(&format!("::core::compile_error!({msg:?});")).unwrap_or_default()
}

/// The type's name, the path of `onearray`, and the tokens of the copy: `repr` attributes
/// and the item without its visibility and other attributes.
struct Item {
    name: String,
    krate: String,
    tokens: Vec<TokenTree>,
}

fn parse(input: TokenStream) -> Result<Item, String> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let mut krate = None;
    let mut out = Vec::new();
    let mut i = 0;
    // Outer attributes: keep `repr`, read `onearray(crate = "...")`, drop the rest.
    while let (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g))) =
        (tokens.get(i), tokens.get(i + 1))
    {
        if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
            break;
        }
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        match inner.first() {
            Some(TokenTree::Ident(id)) if id.to_string() == "repr" => {
                out.extend([tokens[i].clone(), tokens[i + 1].clone()]);
            }
            Some(TokenTree::Ident(id)) if id.to_string() == "onearray" => {
                krate = Some(crate_path(&inner)?);
            }
            _ => {}
        }
        i += 2;
    }
    // Visibility: dropped (the copy lives in a block).
    if matches!(tokens.get(i), Some(TokenTree::Ident(id)) if id.to_string() == "pub") {
        i += 1;
        if matches!(tokens.get(i), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
        {
            i += 1;
        }
    }
    let name = match (tokens.get(i), tokens.get(i + 1)) {
        (Some(TokenTree::Ident(kw)), Some(TokenTree::Ident(name)))
            if matches!(kw.to_string().as_str(), "struct" | "enum" | "union") =>
        {
            name.to_string()
        }
        _ => return Err("onearray's derives expect a struct, enum or union".into()),
    };
    if matches!(tokens.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
        return Err(format!(
            "onearray's derives do not support generic types ({name}): depend on bytemuck \
             and use its derives with #[bytemuck(crate = \"onearray::bytemuck\")]"
        ));
    }
    out.extend(tokens[i..].iter().map(strip_attributes));
    Ok(Item {
        name,
        krate: krate.unwrap_or_else(onearray_path),
        tokens: out,
    })
}

/// How the crate being compiled reaches `onearray`, from its Cargo.toml: directly (under the
/// name it gives it), through the `oneapi` facade, or (neither: `onearray`'s own doc-tests
/// and examples, whose crate is not `onearray` itself) as `::onearray`.
fn onearray_path() -> String {
    let name = |found| match found {
        FoundCrate::Itself => None,
        FoundCrate::Name(n) => Some(n),
    };
    if let Some(n) = crate_name("onearray").ok().and_then(name) {
        return format!("::{n}");
    }
    if let Some(n) = crate_name("oneapi").ok().and_then(name) {
        return format!("::{n}::onearray");
    }
    "::onearray".into()
}

/// `onearray(crate = "path")` → `path`.
fn crate_path(inner: &[TokenTree]) -> Result<String, String> {
    let bad = || "expected #[onearray(crate = \"path::to::onearray\")]".to_string();
    let Some(TokenTree::Group(args)) = inner.get(1) else {
        return Err(bad());
    };
    let args: Vec<TokenTree> = args.stream().into_iter().collect();
    match args.as_slice() {
        [TokenTree::Ident(k), TokenTree::Punct(eq), TokenTree::Literal(lit)]
            if k.to_string() == "crate" && eq.as_char() == '=' =>
        {
            let s = lit.to_string();
            s.strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .map(str::to_string)
                .ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

/// The tokens with every `#[...]` attribute inside groups removed (field attributes of other
/// derives would not resolve on the copy).
fn strip_attributes(t: &TokenTree) -> TokenTree {
    let TokenTree::Group(g) = t else {
        return t.clone();
    };
    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
    let mut kept = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let attr = matches!(&inner[i], TokenTree::Punct(p) if p.as_char() == '#')
            && matches!(inner.get(i + 1), Some(TokenTree::Group(b)) if b.delimiter() == Delimiter::Bracket);
        if attr {
            i += 2;
            continue;
        }
        kept.push(strip_attributes(&inner[i]));
        i += 1;
    }
    let mut group = Group::new(g.delimiter(), kept.into_iter().collect());
    group.set_span(g.span());
    TokenTree::Group(group)
}
