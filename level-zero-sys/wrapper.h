/* Everything level-zero-sys generates types for: the core API and the DDI tables of all three namespaces. */
#include "level_zero/ze_api.h"
#include "level_zero/ze_ddi.h"
#include "level_zero/zet_ddi.h"
#include "level_zero/zes_ddi.h"
