/*
 * Sluice sandbox guest: QuickJS-ng hosted as a WASI reactor.
 *
 * This file is compiled together with quickjs.c (included below so that the harness can reach two
 * pieces of engine state the public API does not expose: the per-context random seed and the
 * stack limit). The host (crates/executor/src/sandbox.rs) drives it:
 *
 *   1. `sluice_init` runs once, under wasmtime-wizer, and the initialised memory becomes the
 *      snapshot every run starts from: runtime, context, intrinsics and the prelude are ready.
 *   2. Per run, the host instantiates the snapshot in a fresh store, writes the program (its
 *      source, or the bytecode an earlier run compiled it to), the allow-list and the program's
 *      input (JSON data, the global `input`) into one buffer obtained from `sluice_alloc`, and
 *      calls `sluice_run`.
 *   3. The guest reports its outcome once through the `sluice.finish` import.
 *
 * Compiling a small program costs more than running it. A run given source compiles it, hands the
 * bytecode to the host through `sluice.compiled` before any of the program's code has run (so the
 * program cannot shape it), and then runs it; the host may pass those bytes instead of the same
 * source to a later run, which reads them back (`JS_ReadObject`) rather than parsing again. The
 * bytes only ever come from this module's own compiler, never from outside, which is what
 * QuickJS asks of bytecode it reads.
 *
 * The `tools` namespace is built on the program's first use of it, from the allow-list of this
 * run: a program that calls no tool pays nothing for it. What it builds lives in memory that the
 * host resets to the snapshot after every run, so nothing of one run's namespace reaches the next.
 *
 * Host imports (module "sluice"), the only way out of the sandbox:
 *   call(tool, tool_len, method, method_len, args, args_len) -> i32
 *       Performs a tool call. Returns the length of the pending reply (JSON), or minus that length
 *       when the reply describes an error. The host keeps the reply until `take_reply`.
 *   take_reply(dst)   copies the pending reply into guest memory of the announced length.
 *   log(ptr, len)     appends one console line.
 *   finish(status, ptr, len)   status 0: JSON result; 1: JSON description of an uncaught error.
 *   compiled(ptr, len)   the bytecode of the run's program, offered for later runs of it.
 *
 * The engine's clock and randomness come from WASI imports that the host implements itself (see
 * wasi.rs); the harness reseeds Math.random and the hash seed from the host per run, because the
 * values captured in the snapshot would otherwise repeat in every run.
 */
#include "quickjs.c"

#define SLUICE_IMPORT(name) __attribute__((import_module("sluice"), import_name(name)))
#define SLUICE_EXPORT(name) __attribute__((export_name(name)))

SLUICE_IMPORT("call")
int32_t host_call(const char *tool, size_t tool_len, const char *method, size_t method_len,
                  const char *args, size_t args_len);
SLUICE_IMPORT("take_reply") void host_take_reply(char *dst);
SLUICE_IMPORT("log") void host_log(const char *ptr, size_t len);
SLUICE_IMPORT("finish") void host_finish(int32_t status, const char *ptr, size_t len);
SLUICE_IMPORT("compiled") void host_compiled(const uint8_t *ptr, size_t len);

/* What `sluice_run`'s code holds: source; bytecode from `compiled`; or source whose bytecode the
   host wants offered. */
#define INPUT_SOURCE 0
#define INPUT_BYTECODE 1
#define INPUT_SOURCE_OFFERED 2

/* Bytes of the shadow stack (1 MiB, see build.sh) that JavaScript may use before QuickJS throws a
   catchable "stack overflow"; the rest is headroom for the engine's own C frames. */
#define JS_STACK_BUDGET (640 * 1024)

/* Bytes a run may allocate before its first cycle collection (see sluice_init). */
#define GC_HEADROOM (1024 * 1024)

static JSRuntime *rt;
static JSContext *ctx;
static JSValue describe_fn; /* prelude: (error) -> JSON string {name, message, stack} */
/* This run's allow-list JSON {"toolId": ["method", ...]}, read by the prelude on first use. */
static const char *run_allow;
static size_t run_allow_len;
/* This run's input, JSON (`null` when the host gave none), read by the prelude on first use. */
static const char *run_input;
static size_t run_input_len;

/* The wrapper's opening is line 1 (QuickJS numbers from 1 whatever line_num says), so program
   line N is reported as N + 1; the host subtracts it (WRAPPER_LINES in sandbox.rs).
   A body that closes the wrapper early (`}); ...; (function () {`) is not prevented, as it is not
   by QuickJS's own Function constructor, which is textual too: it only reorders the program's
   own statements inside the same sandbox and gains nothing the program could not do anyway. */
static const char WRAP_OPEN[] = "(async function () { 'use strict';\n";
static const char WRAP_CLOSE[] = "\n})()";

static const char PRELUDE[] =
    "(function (nativeCall, nativeLog, nativeAllow, nativeInput) {\n"
    "  'use strict';\n"
    "  const freeze = Object.freeze, create = Object.create, keys = Object.keys;\n"
    "  const stringify = JSON.stringify, parse = JSON.parse, define = Object.defineProperty;\n"
    "  const show = (v) => {\n"
    "    if (typeof v === 'string') return v;\n"
    "    try { const s = stringify(v); return s === undefined ? String(v) : s; }\n"
    "    catch (_) { try { return String(v); } catch (_) { return '[unprintable]'; } }\n"
    "  };\n"
    "  const line = (...a) => { nativeLog(a.map(show).join(' ')); };\n"
    "  define(globalThis, 'console', { value: freeze({ log: line, info: line, warn: line,\n"
    "    error: line, debug: line }), writable: false, configurable: false, enumerable: false });\n"
    "  /* Probes that JavaScript itself makes on objects (await, JSON.stringify, String()) must\n"
    "     not throw, so unknown names among these read as undefined. */\n"
    "  const quiet = create(null);\n"
    "  for (const k of ['then', 'toJSON', 'constructor', 'valueOf', 'toString', 'prototype',\n"
    "    '__proto__', 'inspect', 'length', 'name']) quiet[k] = true;\n"
    "  freeze(quiet);\n"
    "  /* Everything the namespace is built from is taken now, before any program runs: it is\n"
    "     built on first use, after the program may have replaced globals and prototypes. */\n"
    "  const hasOwn = Object.hasOwn, NewProxy = Proxy, Refused = TypeError;\n"
    "  const TOOL = Symbol('tool');\n"
    "  const readOnly = () => { throw new Refused('tools are read-only'); };\n"
    "  const refuse = (t, k) => {\n"
    "    const known = keys(t);\n"
    "    const what = t[TOOL] === undefined ? 'tool ' + k : 'method ' + t[TOOL] + '.' + k;\n"
    "    throw new Refused(what + ' is not available to this program (allowed: ' +\n"
    "      (known.length ? known.join(', ') : 'none') + ')');\n"
    "  };\n"
    "  /* One handler for the namespace and for every tool in it; a tool's methods object names its\n"
    "     tool under TOOL, which no program can read through the proxy (symbols read undefined). */\n"
    "  const guard = freeze({\n"
    "    get(t, k) {\n"
    "      if (typeof k !== 'string') return undefined;\n"
    "      if (hasOwn(t, k)) return t[k];\n"
    "      if (quiet[k] === true) return undefined;\n"
    "      return refuse(t, k);\n"
    "    },\n"
    "    set: readOnly, defineProperty: readOnly, deleteProperty: readOnly,\n"
    "    setPrototypeOf: readOnly, getPrototypeOf() { return null; },\n"
    "  });\n"
    "  /* The run's namespace, built on first use (see the note at the top of harness.c). */\n"
    "  let namespace;\n"
    "  function build() {\n"
    "    const allow = parse(nativeAllow());\n"
    "    const ns = create(null), toolIds = keys(allow);\n"
    "    for (let i = 0; i < toolIds.length; i++) {\n"
    "      const toolId = toolIds[i], names = allow[toolId], methods = create(null);\n"
    "      methods[TOOL] = toolId;\n"
    "      for (let j = 0; j < names.length; j++) {\n"
    "        const m = names[j];\n"
    "        methods[m] = freeze((args) => nativeCall(toolId, m, args === undefined ? {} : args));\n"
    "      }\n"
    "      ns[toolId] = new NewProxy(freeze(methods), guard);\n"
    "    }\n"
    "    return new NewProxy(freeze(ns), guard);\n"
    "  }\n"
    "  define(globalThis, 'tools', { get() {\n"
    "    if (namespace === undefined) namespace = build();\n"
    "    return namespace;\n"
    "  }, configurable: false, enumerable: false });\n"
    "  /* The run's input (JSON data the host passed with the program), parsed on first use. */\n"
    "  let given, read = false;\n"
    "  define(globalThis, 'input', { get() {\n"
    "    if (!read) { given = parse(nativeInput()); read = true; }\n"
    "    return given;\n"
    "  }, configurable: false, enumerable: false });\n"
    "  function describe(e) {\n"
    "    let name = 'Error', message = '', stack = '';\n"
    "    try {\n"
    "      if (e !== null && typeof e === 'object') {\n"
    "        name = String(e.name === undefined ? 'Error' : e.name);\n"
    "        message = String(e.message === undefined ? show(e) : e.message);\n"
    "        stack = String(e.stack === undefined ? '' : e.stack);\n"
    "      } else { name = 'Thrown'; message = show(e); }\n"
    "    } catch (_) { message = message || '[error could not be described]'; }\n"
    "    return stringify({ name, message, stack });\n"
    "  }\n"
    "  return describe;\n"
    "})";

static JSValue js_native_call(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t tool_len, method_len, args_len;
    const char *tool, *method, *args;
    JSValue json;
    (void)this_val;
    if (argc < 3)
        return JS_ThrowTypeError(c, "internal: native call arity");
    json = JS_JSONStringify(c, argv[2], JS_UNDEFINED, JS_UNDEFINED);
    if (JS_IsException(json))
        return json;
    if (JS_IsUndefined(json))
        return JS_ThrowTypeError(c, "tool arguments must be a JSON object");
    tool = JS_ToCStringLen(c, &tool_len, argv[0]);
    method = JS_ToCStringLen(c, &method_len, argv[1]);
    args = JS_ToCStringLen(c, &args_len, json);
    JS_FreeValue(c, json);
    if (!tool || !method || !args) {
        JS_FreeCString(c, tool);
        JS_FreeCString(c, method);
        JS_FreeCString(c, args);
        return JS_EXCEPTION;
    }
    int32_t n = host_call(tool, tool_len, method, method_len, args, args_len);
    JS_FreeCString(c, tool);
    JS_FreeCString(c, method);
    JS_FreeCString(c, args);

    size_t len = n < 0 ? (size_t)(-(int64_t)n) : (size_t)n;
    char *buf = malloc(len + 1); /* QuickJS reads one byte past the length: NUL-terminate. */
    if (!buf)
        return JS_ThrowOutOfMemory(c);
    host_take_reply(buf);
    buf[len] = '\0';
    JSValue reply = JS_ParseJSON(c, buf, len, "<tool reply>");
    free(buf);
    if (n >= 0 || JS_IsException(reply))
        return reply;

    /* An error reply {name, message, ...} becomes a thrown Error carrying every field. */
    JSValue err = JS_NewError(c);
    JSPropertyEnum *props;
    uint32_t count;
    if (JS_GetOwnPropertyNames(c, &props, &count, reply, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) == 0) {
        for (uint32_t i = 0; i < count; i++) {
            JSValue v = JS_GetProperty(c, reply, props[i].atom);
            JS_DefinePropertyValue(c, err, props[i].atom, v, JS_PROP_C_W_E);
        }
        JS_FreePropertyEnum(c, props, count);
    }
    JS_FreeValue(c, reply);
    return JS_Throw(c, err);
}

static JSValue js_native_allow(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv)
{
    (void)this_val;
    (void)argc;
    (void)argv;
    return JS_NewStringLen(c, run_allow ? run_allow : "{}", run_allow ? run_allow_len : 2);
}

static JSValue js_native_input(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv)
{
    (void)this_val;
    (void)argc;
    (void)argv;
    return JS_NewStringLen(c, run_input ? run_input : "null", run_input ? run_input_len : 4);
}

static JSValue js_native_log(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t len;
    (void)this_val;
    if (argc < 1)
        return JS_UNDEFINED;
    const char *s = JS_ToCStringLen(c, &len, argv[0]);
    if (!s)
        return JS_EXCEPTION;
    host_log(s, len);
    JS_FreeCString(c, s);
    return JS_UNDEFINED;
}

/* Runs once, under wizer (after the reactor's own `_initialize`), before the snapshot is taken.
   Any failure traps, which fails the snapshot loudly rather than producing a broken module. */
SLUICE_EXPORT("sluice_init")
void sluice_init(void)
{
    rt = JS_NewRuntime();
    if (!rt)
        __builtin_trap();
    ctx = JS_NewContext(rt);
    if (!ctx)
        __builtin_trap();
    JSValue prelude = JS_Eval(ctx, PRELUDE, sizeof(PRELUDE) - 1, "<prelude>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(prelude))
        __builtin_trap();
    JSValue natives[4] = {
        JS_NewCFunction(ctx, js_native_call, "call", 3),
        JS_NewCFunction(ctx, js_native_log, "log", 1),
        JS_NewCFunction(ctx, js_native_allow, "allow", 0),
        JS_NewCFunction(ctx, js_native_input, "input", 0),
    };
    describe_fn = JS_Call(ctx, prelude, JS_UNDEFINED, 4, natives);
    JS_FreeValue(ctx, prelude);
    for (int i = 0; i < 4; i++)
        JS_FreeValue(ctx, natives[i]);
    if (JS_IsException(describe_fn))
        __builtin_trap();
    JS_RunGC(rt);
    /* QuickJS frees most garbage by reference counting; its cycle collector runs whenever the
       heap passes a threshold, and walks every object, the engine's own intrinsics included. Left
       at the value init happened to leave, a run's first few allocations would cross it and pay a
       full collection before doing anything. Every run starts from this heap, so the first
       collection waits until a run has allocated a further GC_HEADROOM; from then on QuickJS
       raises the threshold itself as usual. */
    JS_SetGCThreshold(rt, rt->malloc_state.malloc_size + GC_HEADROOM);
}

SLUICE_EXPORT("sluice_alloc")
char *sluice_alloc(size_t size)
{
    return malloc(size);
}

static void finish_with_exception(void)
{
    JSValue exc = JS_GetException(ctx);
    JSValue text = JS_Call(ctx, describe_fn, JS_UNDEFINED, 1, &exc);
    JS_FreeValue(ctx, exc);
    size_t len;
    const char *s = JS_IsException(text) ? NULL : JS_ToCStringLen(ctx, &len, text);
    if (s) {
        host_finish(1, s, len);
        JS_FreeCString(ctx, s);
    } else {
        static const char fallback[] = "{\"name\":\"Error\",\"message\":\"uncaught error\",\"stack\":\"\"}";
        host_finish(1, fallback, sizeof(fallback) - 1);
    }
    JS_FreeValue(ctx, text);
}

static void finish_with_value(JSValueConst value)
{
    JSValue json = JS_JSONStringify(ctx, value, JS_UNDEFINED, JS_UNDEFINED);
    if (JS_IsException(json)) {
        finish_with_exception();
        return;
    }
    size_t len;
    const char *s = JS_IsUndefined(json) ? NULL : JS_ToCStringLen(ctx, &len, json);
    if (s) {
        host_finish(0, s, len);
        JS_FreeCString(ctx, s);
    } else {
        host_finish(0, "null", 4);
    }
    JS_FreeValue(ctx, json);
}

/* The program's compiled function from its source, offered to the host before it runs when
   `offer` is set. */
static JSValue compile_source(const char *program, size_t program_len, int offer)
{
    size_t total = sizeof(WRAP_OPEN) - 1 + program_len + sizeof(WRAP_CLOSE) - 1;
    char *source = malloc(total + 1);
    if (!source)
        return JS_ThrowOutOfMemory(ctx);
    memcpy(source, WRAP_OPEN, sizeof(WRAP_OPEN) - 1);
    memcpy(source + sizeof(WRAP_OPEN) - 1, program, program_len);
    memcpy(source + sizeof(WRAP_OPEN) - 1 + program_len, WRAP_CLOSE, sizeof(WRAP_CLOSE));
    JSEvalOptions options = {
        .version = JS_EVAL_OPTIONS_VERSION,
        .eval_flags = JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY,
        .filename = "program.js",
        .line_num = 1,
    };
    JSValue fun = JS_Eval2(ctx, source, total, &options);
    free(source);
    if (JS_IsException(fun) || !offer)
        return fun;
    size_t len;
    uint8_t *bytes = JS_WriteObject(ctx, &len, fun, JS_WRITE_OBJ_BYTECODE);
    if (bytes) {
        host_compiled(bytes, len);
        js_free(ctx, bytes);
    } else {
        /* Not offering the bytecode only costs later runs a compile; the run goes on. */
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    return fun;
}

/*
 * Runs one program. `code` (source text, or bytecode from an earlier `compiled` report when
 * `kind` is INPUT_BYTECODE), `allow` and `input` are NUL-terminated buffers from sluice_alloc,
 * alive until the run ends; `allow` is JSON {"toolId": ["method", ...]}, `input` the JSON the
 * program reads as `input`. `seed` comes from the host's randomness. Returns 0 when `finish` was called, non-zero on an internal
 * failure of the harness itself.
 */
SLUICE_EXPORT("sluice_run")
int32_t sluice_run(const char *code, size_t code_len, int32_t kind, const char *allow,
                   size_t allow_len, const char *input, size_t input_len, uint64_t seed)
{
    /* The snapshot froze the seeds taken at init; every run gets its own. */
    ctx->random_state = seed ? seed : 1;
    ctx->hash_seed = xorshift64star(&ctx->random_state);
    /* QuickJS disables its stack check on WASI; enable it against the shadow stack. */
    rt->stack_top = js_get_stack_pointer();
    rt->stack_limit = rt->stack_top - JS_STACK_BUDGET;

    run_allow = allow;
    run_allow_len = allow_len;
    run_input = input;
    run_input_len = input_len;

    JSValue fun;
    if (kind == INPUT_BYTECODE)
        fun = JS_ReadObject(ctx, (const uint8_t *)code, code_len, JS_READ_OBJ_BYTECODE);
    else if (kind == INPUT_SOURCE || kind == INPUT_SOURCE_OFFERED)
        fun = compile_source(code, code_len, kind == INPUT_SOURCE_OFFERED);
    else
        return 2;
    if (JS_IsException(fun)) {
        finish_with_exception();
        return 0;
    }
    JSValue promise = JS_EvalFunction(ctx, fun);
    if (JS_IsException(promise)) {
        finish_with_exception();
        return 0;
    }

    /* Tool calls are synchronous, so the only jobs are promise reactions of the program itself. */
    for (;;) {
        JSContext *job_ctx;
        int r = JS_ExecutePendingJob(rt, &job_ctx);
        if (r <= 0) {
            if (r < 0) {
                JS_FreeValue(ctx, promise);
                finish_with_exception();
                return 0;
            }
            break;
        }
    }

    switch (JS_PromiseState(ctx, promise)) {
    case JS_PROMISE_FULFILLED: {
        JSValue value = JS_PromiseResult(ctx, promise);
        finish_with_value(value);
        JS_FreeValue(ctx, value);
        break;
    }
    case JS_PROMISE_REJECTED: {
        JSValue reason = JS_PromiseResult(ctx, promise);
        JS_Throw(ctx, reason);
        finish_with_exception();
        break;
    }
    default: {
        JS_ThrowPlainError(ctx, "the program is still waiting on a promise that nothing will settle");
        finish_with_exception();
        break;
    }
    }
    JS_FreeValue(ctx, promise);
    return 0;
}
