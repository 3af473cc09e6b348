//! What the bindgen output says about the API, read with `syn`: structs and their fields,
//! function-pointer typedefs and the constants of each newtype enum.

use crate::Result;
use quote::ToTokens;
use std::collections::BTreeMap;

/// A struct field: its name and type.
pub struct Field {
    pub name: String,
    pub ty: syn::Type,
}

/// An associated constant of a newtype enum, with its doc comment (the header's `///<`).
pub struct Constant {
    pub name: String,
    pub doc: String,
}

/// The parts of the bindings the generators read.
#[derive(Default)]
pub struct Api {
    /// `_ze_context_desc_t` → fields, in order.
    structs: BTreeMap<String, Vec<Field>>,
    /// `ze_pfnMemAllocDevice_t` → argument types of the function pointer.
    fn_pointers: BTreeMap<String, Vec<syn::Type>>,
    /// `ze_pfnDriverGetDefaultContext_t` → its return type (every function-pointer typedef).
    fn_returns: BTreeMap<String, Option<syn::Type>>,
    /// `ze_context_desc_t` → `_ze_context_desc_t`.
    aliases: BTreeMap<String, String>,
    /// Typedefs of pointer types (`ze_context_handle_t`).
    pointer_aliases: std::collections::BTreeSet<String>,
    /// `_ze_result_t` → its constants, in order.
    constants: BTreeMap<String, Vec<Constant>>,
}

impl Api {
    /// Parses the bindgen output.
    pub fn read(bindings: &str) -> Result<Api> {
        let file = syn::parse_file(bindings).map_err(|e| format!("parsing the bindings: {e}"))?;
        let mut api = Api::default();
        for item in file.items {
            match item {
                syn::Item::Struct(s) => {
                    let fields = s
                        .fields
                        .iter()
                        .filter_map(|f| {
                            Some(Field {
                                name: f.ident.as_ref()?.to_string(),
                                ty: f.ty.clone(),
                            })
                        })
                        .collect();
                    api.structs.insert(s.ident.to_string(), fields);
                }
                syn::Item::Type(t) => {
                    let name = t.ident.to_string();
                    if let Some((args, ret)) = fn_pointer_args(&t.ty) {
                        api.fn_pointers.insert(name.clone(), args);
                        api.fn_returns.insert(name, ret);
                    } else if let syn::Type::Path(p) = &*t.ty {
                        api.aliases.insert(name, p.to_token_stream().to_string());
                    } else if let syn::Type::Ptr(_) = &*t.ty {
                        api.pointer_aliases.insert(name);
                    }
                }
                syn::Item::Use(u) => {
                    // `pub use self::_ze_result_t as ze_result_t;`
                    if let syn::UseTree::Path(p) = &u.tree {
                        if let syn::UseTree::Rename(r) = &*p.tree {
                            api.aliases
                                .insert(r.rename.to_string(), r.ident.to_string());
                        }
                    }
                }
                syn::Item::Impl(i) if i.trait_.is_none() => {
                    let owner = i.self_ty.to_token_stream().to_string();
                    let list = api.constants.entry(owner).or_default();
                    for item in i.items {
                        if let syn::ImplItem::Const(c) = item {
                            list.push(Constant {
                                name: c.ident.to_string(),
                                doc: doc_text(&c.attrs),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(api)
    }

    /// The structs (by their `_`-prefixed names) with an `stype` field.
    pub fn stype_structs(&self) -> Vec<String> {
        self.structs
            .iter()
            .filter(|(_, fields)| fields.iter().any(|f| f.name == "stype"))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The fields of a struct, by its `_`-prefixed or typedef name.
    pub fn fields(&self, name: &str) -> Result<&[Field]> {
        let name = self.aliases.get(name).map_or(name, String::as_str);
        self.structs
            .get(name)
            .map(Vec::as_slice)
            .ok_or_else(|| format!("the bindings have no struct {name}"))
    }

    /// Whether a type is a raw pointer, written out or behind a typedef (handles).
    pub fn is_pointer(&self, ty: &syn::Type) -> bool {
        match ty {
            syn::Type::Ptr(_) => true,
            syn::Type::Path(p) => p
                .path
                .segments
                .last()
                .is_some_and(|s| self.pointer_aliases.contains(&s.ident.to_string())),
            _ => false,
        }
    }

    /// Whether a type is a C enum (a newtype with constants, which has no `Default`).
    pub fn is_enum(&self, ty: &syn::Type) -> bool {
        let syn::Type::Path(p) = ty else { return false };
        let Some(last) = p.path.segments.last() else {
            return false;
        };
        let name = last.ident.to_string();
        let name = self.aliases.get(&name).unwrap_or(&name);
        self.constants.contains_key(name) && !name.ends_with("_flag_t")
    }

    /// The argument types of a function-pointer typedef.
    pub fn fn_pointer(&self, name: &str) -> Result<&[syn::Type]> {
        self.fn_pointers
            .get(name)
            .map(Vec::as_slice)
            .ok_or_else(|| format!("the bindings have no function-pointer type {name}"))
    }

    /// The return type of a function-pointer typedef, as source text (`()` for none).
    pub fn fn_return(&self, name: &str) -> Result<String> {
        self.fn_returns
            .get(name)
            .map(|ret| ret.as_ref().map_or_else(|| "()".to_string(), type_text))
            .ok_or_else(|| format!("the bindings have no function-pointer type {name}"))
    }

    /// The constants of a newtype enum, by its `_`-prefixed name.
    pub fn constants(&self, owner: &str) -> Result<&[Constant]> {
        self.constants
            .get(owner)
            .map(Vec::as_slice)
            .ok_or_else(|| format!("the bindings have no constants of {owner}"))
    }
}

/// The argument types and return type of `Option<unsafe extern "C" fn(..) -> ..>`, if that is
/// the type.
fn fn_pointer_args(ty: &syn::Type) -> Option<(Vec<syn::Type>, Option<syn::Type>)> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let Some(syn::GenericArgument::Type(syn::Type::BareFn(f))) = args.args.first() else {
        return None;
    };
    let ret = match &f.output {
        syn::ReturnType::Default => None,
        syn::ReturnType::Type(_, ty) => Some((**ty).clone()),
    };
    Some((f.inputs.iter().map(|a| a.ty.clone()).collect(), ret))
}

/// The text of `#[doc = "..."]` attributes, joined.
fn doc_text(attrs: &[syn::Attribute]) -> String {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A type as source text (spacing is left to rustfmt).
pub fn type_text(ty: &syn::Type) -> String {
    ty.to_token_stream().to_string()
}
