//! Run-time loading of the Level Zero API into a [`Dispatch`]: the complete set of `ze`
//! DDI tables, filled by one code path from one of three [`Source`]s.

use crate::*;
use core::ffi::{c_void, CStr};
use std::fmt;
use std::path::{Path, PathBuf};

/// The newest API version this crate's types describe (v1.17, the headers'
/// `ZE_API_VERSION_CURRENT`): the first version a [`Dispatch`] requests from its source before
/// stepping down to one the source knows ([`Dispatch::api_version`]).
pub const API_VERSION: ze_api_version_t = make_version(1, crate::ddi::since::NEWEST);

/// File name of Intel's loader, as `dlopen` finds it.
pub const LOADER_LIBRARY: &str = "libze_loader.so.1";

/// `ZE_MAKE_VERSION(major, minor)`.
pub const fn make_version(major: u32, minor: u32) -> ze_api_version_t {
    ze_api_version_t((major << 16) | (minor & 0xffff))
}

/// Major and minor parts of a `ze_api_version_t`.
pub const fn version_parts(version: ze_api_version_t) -> (u32, u32) {
    (version.0 >> 16, version.0 & 0xffff)
}

/// Where a [`Dispatch`] got its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Intel's loader (`libze_loader.so.1`), which dispatches to the drivers it finds.
    Loader(PathBuf),
    /// A driver library opened directly by path, without the loader.
    DriverLibrary(PathBuf),
    /// A driver linked into this process, named by its crate.
    InProcess(&'static str),
}

impl Source {
    /// The source in words, as an error message names it: "the loader", "the driver library"
    /// or "the in-process driver".
    pub fn peer(&self) -> &'static str {
        match self {
            Source::Loader(_) => "the loader",
            Source::DriverLibrary(_) => "the driver library",
            Source::InProcess(_) => "the in-process driver",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Loader(p) => write!(f, "Level Zero loader {}", p.display()),
            Source::DriverLibrary(p) => write!(f, "driver library {}", p.display()),
            Source::InProcess(name) => write!(f, "in-process driver {name}"),
        }
    }
}

/// Why a [`Dispatch`] could not be loaded. Each variant names the library and, where a
/// Level Zero call failed, its `ze_result_t`.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The library could not be opened (not installed, wrong path, not a shared object).
    #[error("cannot open {library}: {reason}")]
    Open {
        /// What was opened.
        library: Source,
        /// What the dynamic linker said.
        reason: String,
    },
    /// The library opened but lacks an entry point every Level Zero library exports.
    #[error("{library} is not a Level Zero library: it does not export {symbol}")]
    NotLevelZero {
        /// What was opened.
        library: Source,
        /// The missing symbol.
        symbol: &'static str,
    },
    /// A required `zeGet*ProcAddrTable` getter returned an error.
    #[error("{getter} of {library} failed: {result}")]
    Getter {
        /// Where the getter came from.
        library: Source,
        /// The getter's name.
        getter: &'static str,
        /// What it returned.
        result: ze_result_t,
    },
    /// `zeInit` failed. A failed `zeInit` is permanent for that library: fall back to another.
    #[error("zeInit of {library} failed: {result}")]
    Init {
        /// Which library.
        library: Source,
        /// What `zeInit` returned.
        result: ze_result_t,
    },
    /// The library initialised but has no driver (the loader found no GPU driver installed).
    #[error("{library} has no Level Zero driver ({detail})")]
    NoDriver {
        /// Which library.
        library: Source,
        /// `zeInit`'s result, or the driver count.
        detail: String,
        /// `zeInit`'s result when that is how the absence showed.
        result: Option<ze_result_t>,
    },
}

impl LoadError {
    /// The [`Source`] the error is about.
    pub fn library(&self) -> Source {
        match self {
            LoadError::Open { library, .. }
            | LoadError::NotLevelZero { library, .. }
            | LoadError::Getter { library, .. }
            | LoadError::Init { library, .. }
            | LoadError::NoDriver { library, .. } => library.clone(),
        }
    }

    /// The `ze_result_t` behind the error, if a Level Zero call produced it.
    pub fn result(&self) -> Option<ze_result_t> {
        match self {
            LoadError::Getter { result, .. } | LoadError::Init { result, .. } => Some(*result),
            LoadError::NoDriver { result, .. } => *result,
            LoadError::Open { .. } | LoadError::NotLevelZero { .. } => None,
        }
    }
}

macro_rules! ze_getters {
    ($( $field:ident : $table:ident, $getter:ident, $pfn:ident, $symbol:literal, $optional:literal, $first:literal; )*) => {
        /// The `ze` table getters (`zeGet*ProcAddrTable`) of one source. Libraries resolve them
        /// by name ([`ZeGetters::resolve`]); an in-process driver builds the struct directly.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct ZeGetters {
            $(
                #[doc = concat!("`", $symbol, "`")]
                pub $getter: $pfn,
            )*
            /// `zesGetDeviceProcAddrTable` (optional: sysman memory state).
            pub zes_device: zes_pfnGetDeviceProcAddrTable_t,
            /// `zesGetMemoryProcAddrTable` (optional: sysman memory state).
            pub zes_memory: zes_pfnGetMemoryProcAddrTable_t,
        }

        impl ZeGetters {
            /// Names of all `ze` getters with whether the loader treats them as optional
            /// (`*Exp` tables) and the API minor version from which the table exists (a table
            /// newer than the version requested is optional too).
            pub const NAMES: &'static [(&'static str, bool, u32)] = &[$(($symbol, $optional, $first)),*];

            /// Looks every getter up by its C name. `lookup` returns the symbol's address.
            ///
            /// # Safety
            /// Each non-null address `lookup` returns must be a function with the C signature
            /// of the getter of that name.
            pub unsafe fn resolve(mut lookup: impl FnMut(&'static CStr) -> Option<*const c_void>) -> Self {
                Self {
                    $(
                        $getter: match lookup(
                            // SAFETY: the literal is NUL-terminated with no interior NUL.
                            unsafe { CStr::from_bytes_with_nul_unchecked(concat!($symbol, "\0").as_bytes()) },
                        ) {
                            // SAFETY: the caller guarantees the symbol has this signature.
                            Some(addr) if !addr.is_null() => Some(unsafe {
                                core::mem::transmute::<*const c_void, unsafe extern "C" fn(ze_api_version_t, *mut $table) -> ze_result_t>(addr)
                            }),
                            _ => None,
                        },
                    )*
                    // SAFETY: as above, for the two sysman getters.
                    zes_device: lookup(unsafe { CStr::from_bytes_with_nul_unchecked(b"zesGetDeviceProcAddrTable\0") })
                        .filter(|a| !a.is_null())
                        // SAFETY: the caller guarantees the symbol has this signature.
                        .map(|a| unsafe { core::mem::transmute::<*const c_void, unsafe extern "C" fn(ze_api_version_t, *mut zes_device_dditable_t) -> ze_result_t>(a) }),
                    // SAFETY: as above.
                    zes_memory: lookup(unsafe { CStr::from_bytes_with_nul_unchecked(b"zesGetMemoryProcAddrTable\0") })
                        .filter(|a| !a.is_null())
                        // SAFETY: the caller guarantees the symbol has this signature.
                        .map(|a| unsafe { core::mem::transmute::<*const c_void, unsafe extern "C" fn(ze_api_version_t, *mut zes_memory_dditable_t) -> ze_result_t>(a) }),
                }
            }

            /// Calls every getter into `tables`. Returns the names of optional tables that are
            /// absent or whose getter failed. Optional: the `*Exp` tables and those newer than
            /// `version`. A required getter that answers `ZE_RESULT_ERROR_UNSUPPORTED_VERSION`,
            /// or is missing while its table is newer than 1.0, refuses the version (the source
            /// speaks an older one); any other failure of a required getter is an error.
            fn fill(&self, source: &Source, version: ze_api_version_t, tables: &mut ze_dditable_t)
                -> Result<Vec<&'static str>, Refusal>
            {
                let mut unavailable = Vec::new();
                let minor = version_parts(version).1;
                $(
                    #[allow(unused_comparisons, clippy::absurd_extreme_comparisons)]
                    let optional = $optional || minor < $first;
                    match self.$getter {
                        Some(getter) => {
                            // SAFETY: `getter` has the signature of this table's getter (see
                            // `resolve`), and the table is a valid, writable `$table`.
                            let result = unsafe { getter(version, &mut tables.$field) };
                            if result != ze_result_t::ZE_RESULT_SUCCESS {
                                if optional {
                                    tables.$field = Default::default();
                                    unavailable.push($symbol);
                                } else if result == ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION && minor > 0 {
                                    return Err(Refusal::Below(minor));
                                } else {
                                    return Err(Refusal::Load(LoadError::Getter { library: source.clone(), getter: $symbol, result }));
                                }
                            }
                        }
                        None if optional => unavailable.push($symbol),
                        #[allow(unused_comparisons, clippy::absurd_extreme_comparisons)]
                        None if $first > 0 => return Err(Refusal::Below($first)),
                        None => return Err(Refusal::Load(LoadError::NotLevelZero { library: source.clone(), symbol: $symbol })),
                    }
                )*
                Ok(unavailable)
            }
        }
    };
}

crate::ddi::with_ze_tables!(ze_getters);

/// Why a source did not fill the tables at a version.
enum Refusal {
    /// It speaks only versions below this minor version: try a lower one.
    Below(u32),
    /// It failed otherwise.
    Load(LoadError),
}

/// The complete set of `ze` DDI tables of one initialised Level Zero library, with where
/// it came from and the versions agreed.
///
/// Loading negotiates the API version: the getters are asked for the newest version this
/// crate knows ([`API_VERSION`], 1.17) and, while the source refuses
/// (`ZE_RESULT_ERROR_UNSUPPORTED_VERSION`, as Intel's loader answers a version newer than its
/// own, or a required getter of a newer table missing), for the next older one; the version
/// they accept is [`api_version`](Self::api_version). The tables hold only the entries of that
/// version.
///
/// Calls go through the tables with the result layer ([`calls`](crate::calls)), which answers
/// an entry newer than the negotiated version with a [`ZeError`] saying so
/// ([`ZeError::version_gap`]) and an entry the source left null with
/// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE`, or with [`ze_call!`](crate::ze_call), which answers
/// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE` for any null entry. A `Dispatch` is plain data
/// (function pointers); the library behind it is never unloaded.
#[derive(Clone)]
pub struct Dispatch {
    tables: ze_dditable_t,
    sysman: Option<SysmanTables>,
    source: Source,
    api_version: ze_api_version_t,
    driver_versions: Vec<ze_api_version_t>,
    unavailable_tables: Vec<&'static str>,
}

impl fmt::Debug for Dispatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dispatch")
            .field("source", &self.source)
            .field("api_version", &version_parts(self.api_version))
            .field(
                "driver_versions",
                &self
                    .driver_versions
                    .iter()
                    .map(|v| version_parts(*v))
                    .collect::<Vec<_>>(),
            )
            .field("unavailable_tables", &self.unavailable_tables)
            .finish_non_exhaustive()
    }
}

impl Dispatch {
    /// Loads Intel's loader (`path`, or [`LOADER_LIBRARY`] from the library search path),
    /// calls its `zeInit`, then fills the tables from its exported getters.
    ///
    /// With no GPU driver installed the loader's `zeInit` fails with
    /// `ZE_RESULT_ERROR_UNINITIALIZED`; that gives [`LoadError::NoDriver`].
    pub fn from_loader(path: Option<&Path>) -> Result<Self, LoadError> {
        let path = path.map_or_else(|| PathBuf::from(LOADER_LIBRARY), Path::to_path_buf);
        let source = Source::Loader(path.clone());
        let library = open_library(&source, &path)?;
        // SAFETY: `zeInit` exported by a Level Zero loader has this signature.
        let init = unsafe {
            library.get::<unsafe extern "C" fn(ze_init_flags_t) -> ze_result_t>(b"zeInit\0")
        }
        .map_err(|_| LoadError::NotLevelZero {
            library: source.clone(),
            symbol: "zeInit",
        })?;
        // SAFETY: zeInit takes flags by value; 0 asks for every driver type.
        let result = unsafe { init(ze_init_flags_t(0)) };
        match result {
            ze_result_t::ZE_RESULT_SUCCESS => {}
            ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED => {
                return Err(LoadError::NoDriver {
                    library: source,
                    detail: format!("zeInit: {result}"),
                    result: Some(result),
                })
            }
            _ => {
                return Err(LoadError::Init {
                    library: source,
                    result,
                })
            }
        }
        // SAFETY: symbols named zeGet*ProcAddrTable in a Level Zero library are the getters.
        let getters = unsafe { ZeGetters::resolve(|name| symbol_address(library, name)) };
        Self::from_getters_initialised(source, &getters, true)
    }

    /// Opens a driver library directly (no loader), fills the tables from its getters and
    /// initialises it through its global table: `zeInitDrivers` where the API agreed is 1.10
    /// or newer, `zeInit` before.
    pub fn from_driver_library(path: &Path) -> Result<Self, LoadError> {
        let source = Source::DriverLibrary(path.to_path_buf());
        let library = open_library(&source, path)?;
        // SAFETY: symbols named zeGet*ProcAddrTable in a Level Zero library are the getters.
        let getters = unsafe { ZeGetters::resolve(|name| symbol_address(library, name)) };
        Self::from_getters_initialised(source, &getters, false)
    }

    /// Fills the tables from a driver linked into this process (its fill functions) and
    /// initialises it as [`from_driver_library`](Self::from_driver_library) does.
    pub fn from_getters(name: &'static str, getters: &ZeGetters) -> Result<Self, LoadError> {
        Self::from_getters_initialised(Source::InProcess(name), getters, false)
    }

    /// The one path every source goes through: getters → tables → (`zeInit`) → drivers.
    fn from_getters_initialised(
        source: Source,
        getters: &ZeGetters,
        already_initialised: bool,
    ) -> Result<Self, LoadError> {
        let (api_version, tables, unavailable_tables) = negotiate(&source, getters)?;
        let mut dispatch = Dispatch {
            tables,
            sysman: SysmanTables::fill(getters, api_version),
            source,
            api_version,
            driver_versions: Vec::new(),
            unavailable_tables,
        };
        if !already_initialised {
            let init_drivers = dispatch.tables.Global.pfnInitDrivers.is_some();
            let result = if api_version.0 >= ze_api_version_t::ZE_API_VERSION_1_10.0 && init_drivers
            {
                // From 1.10, `zeInitDrivers` (which deprecates `zeInit`) where the source has
                // it, for every driver type (UINT32_MAX); a count query initialises.
                let mut desc = ze_init_driver_type_desc_t {
                    flags: ze_init_driver_type_flags_t(u32::MAX),
                    ..Default::default()
                };
                let mut count = 0u32;
                // SAFETY: a count query (null handles) with a local descriptor.
                unsafe {
                    calls::global::init_drivers(
                        &dispatch,
                        &mut count,
                        core::ptr::null_mut(),
                        &mut desc,
                    )
                }
            } else {
                // SAFETY: zeInit takes flags by value; 0 asks for every driver type.
                unsafe { calls::global::init(&dispatch, ze_init_flags_t(0)) }
            };
            if let Err(e) = result {
                return Err(LoadError::Init {
                    library: dispatch.source,
                    result: e.result,
                });
            }
        }
        dispatch.driver_versions = dispatch.query_driver_versions()?;
        if dispatch.driver_versions.is_empty() {
            return Err(LoadError::NoDriver {
                library: dispatch.source,
                detail: "zeDriverGet reports 0 drivers".into(),
                result: None,
            });
        }
        Ok(dispatch)
    }

    fn query_driver_versions(&self) -> Result<Vec<ze_api_version_t>, LoadError> {
        let fail = |e: ZeError| LoadError::Getter {
            library: self.source.clone(),
            getter: e.call,
            result: e.result,
        };
        let mut count = 0u32;
        // SAFETY: count is a valid out-pointer; a null handle array asks for the count.
        match unsafe { calls::driver::get(self, &mut count, core::ptr::null_mut()) } {
            // A current loader (v1.32) with no driver lets `zeInit` succeed and leaves its
            // `zeDriverGet` out (or answers it so): no driver, as Debian's loader says at
            // `zeInit`.
            Err(e)
                if self.tables.Driver.pfnGet.is_none()
                    || e.result == ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED =>
            {
                return Err(LoadError::NoDriver {
                    library: self.source.clone(),
                    detail: match self.tables.Driver.pfnGet {
                        None => "the library gives no zeDriverGet".into(),
                        Some(_) => format!("zeDriverGet: {}", e.result),
                    },
                    result: self.tables.Driver.pfnGet.map(|_| e.result),
                })
            }
            r => r.map_err(fail)?,
        }
        let mut drivers = vec![core::ptr::null_mut(); count as usize];
        // SAFETY: `drivers` has room for `count` handles.
        unsafe { calls::driver::get(self, &mut count, drivers.as_mut_ptr()) }.map_err(fail)?;
        drivers.truncate(count as usize);
        drivers
            .into_iter()
            // SAFETY: `driver` came from zeDriverGet.
            .map(|driver| unsafe { calls::driver::get_api_version(self, driver) }.map_err(fail))
            .collect()
    }

    /// The sysman device and memory tables, when the source provides them (used for the free
    /// and total device memory).
    pub fn sysman(&self) -> Option<&SysmanTables> {
        self.sysman.as_ref()
    }

    /// The DDI tables. Prefer the result layer ([`calls`](crate::calls)) to calling entries
    /// directly.
    pub fn tables(&self) -> &ze_dditable_t {
        &self.tables
    }

    /// Where the tables came from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The API version negotiated with the source: the newest both it and this crate know,
    /// at which the getters filled the tables. A call of the result layer whose entry is newer
    /// fails with a [`ZeError`] saying so.
    pub fn api_version(&self) -> ze_api_version_t {
        self.api_version
    }

    /// The entry `entry` of C function `call`, which appeared at API 1.`since`, for the result
    /// layer to call: an error naming both versions when `since` is newer than
    /// [`api_version`](Self::api_version) (the source was not asked for it), and
    /// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE` when the source left it null.
    pub fn entry<F>(&self, call: &'static str, since: u32, entry: Option<F>) -> Result<F, ZeError> {
        let (major, minor) = version_parts(self.api_version);
        if major == 1 && since > minor {
            return Err(ZeError::unsupported_version(
                call,
                VersionGap {
                    needs: make_version(1, since),
                    negotiated: self.api_version,
                    peer: self.source.peer(),
                },
            ));
        }
        entry.ok_or(ZeError {
            call,
            result: ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
            version_gap: None,
        })
    }

    /// The API version each driver reports (`zeDriverGetApiVersion`), in `zeDriverGet` order.
    pub fn driver_versions(&self) -> &[ze_api_version_t] {
        &self.driver_versions
    }

    /// Optional (`*Exp`) tables the source does not provide; their entries are null.
    pub fn unavailable_tables(&self) -> &[&'static str] {
        &self.unavailable_tables
    }
}

/// The sysman tables this crate uses: device (memory-module enumeration) and memory (state).
#[derive(Clone, Copy, Debug)]
pub struct SysmanTables {
    /// `zesGetDeviceProcAddrTable`'s table.
    pub device: zes_device_dditable_t,
    /// `zesGetMemoryProcAddrTable`'s table.
    pub memory: zes_memory_dditable_t,
}

impl SysmanTables {
    fn fill(getters: &ZeGetters, version: ze_api_version_t) -> Option<SysmanTables> {
        let (device_getter, memory_getter) = (getters.zes_device?, getters.zes_memory?);
        let mut tables = SysmanTables {
            device: Default::default(),
            memory: Default::default(),
        };
        // SAFETY: the getters have these signatures (see `ZeGetters::resolve`) and the tables
        // are valid, writable structures of the requested version.
        let ok = unsafe {
            device_getter(version, &mut tables.device) == ze_result_t::ZE_RESULT_SUCCESS
                && memory_getter(version, &mut tables.memory) == ze_result_t::ZE_RESULT_SUCCESS
        };
        (ok && tables.device.pfnEnumMemoryModules.is_some() && tables.memory.pfnGetState.is_some())
            .then_some(tables)
    }
}

/// Finds the newest API version the source's getters accept, from [`API_VERSION`] down, and
/// the tables filled at it. The global table's getter is asked first at each version (Intel's
/// loader answers `ZE_RESULT_ERROR_UNSUPPORTED_VERSION` to a version newer than its own before
/// doing anything else); then every getter, any required one of which may still refuse.
#[allow(clippy::type_complexity)]
fn negotiate(
    source: &Source,
    getters: &ZeGetters,
) -> Result<(ze_api_version_t, ze_dditable_t, Vec<&'static str>), LoadError> {
    const GLOBAL: &str = "zeGetGlobalProcAddrTable";
    let global = getters.global.ok_or_else(|| LoadError::NotLevelZero {
        library: source.clone(),
        symbol: GLOBAL,
    })?;
    let mut minor = version_parts(API_VERSION).1;
    loop {
        let version = make_version(1, minor);
        let mut probe = ze_global_dditable_t::default();
        // SAFETY: `global` has the global getter's signature (see `ZeGetters::resolve`) and
        // the table is a valid, writable table of this version.
        let result = unsafe { global(version, &mut probe) };
        if result == ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION && minor > 0 {
            minor -= 1;
            continue;
        }
        if result != ze_result_t::ZE_RESULT_SUCCESS {
            return Err(LoadError::Getter {
                library: source.clone(),
                getter: GLOBAL,
                result,
            });
        }
        let mut tables = ze_dditable_t::default();
        match getters.fill(source, version, &mut tables) {
            Ok(unavailable) => return Ok((version, tables, unavailable)),
            Err(Refusal::Below(below)) => minor = below.min(minor) - 1,
            Err(Refusal::Load(e)) => return Err(e),
        }
    }
}

/// Opens a library for the life of the process (never unloaded: function pointers from it
/// are copied into tables that may outlive any owner).
fn open_library(source: &Source, path: &Path) -> Result<&'static libloading::Library, LoadError> {
    // SAFETY: loading a library runs its initialisers; Level Zero libraries' initialisers are
    // sound to run at any time. The handle is leaked so the code is never unmapped.
    match unsafe { libloading::Library::new(path) } {
        Ok(library) => Ok(Box::leak(Box::new(library))),
        Err(error) => Err(LoadError::Open {
            library: source.clone(),
            reason: error.to_string(),
        }),
    }
}

fn symbol_address(library: &libloading::Library, name: &CStr) -> Option<*const c_void> {
    // SAFETY: the symbol is only read as an address here; its type is imposed by the caller.
    unsafe { library.get::<*const c_void>(name.to_bytes_with_nul()) }
        .ok()
        .map(|s| *s)
}

/// Calls a DDI table entry: `ze_call!(dispatch, Mem.pfnFree(ctx, ptr))`. A null entry (which
/// every entry newer than [`Dispatch::api_version`] is) answers
/// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE` instead of crashing. The call is `unsafe`
/// (it is a raw C call): write it inside an `unsafe` block that states why it is sound.
#[macro_export]
macro_rules! ze_call {
    ($dispatch:expr, $table:ident . $entry:ident ( $($arg:expr),* $(,)? )) => {
        match $dispatch.tables().$table.$entry {
            Some(entry) => entry($($arg),*),
            None => $crate::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        }
    };
}
