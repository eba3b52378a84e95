# Makefile - builds bin/graphrepro (C11 harness + CUDA kernels), the tests, and drives the
# experiments. `make help` lists the targets.

CUDA_HOME ?= $(shell dirname $$(dirname $$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)))
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CC        ?= gcc
# Real architectures to build machine code for; PTX of the last one is embedded too, so newer
# GPUs can run it through the driver's JIT. Default: the installed GPUs' (nvidia-smi), else
# SMS_FALLBACK - machine code for Turing (sm_75), Ampere and Ada (sm_80 runs on 8.6 / 8.9) and
# Hopper, PTX for Blackwell. Override: make SMS="80 90". Each architecture adds about the time of
# one to the kernels' build (README).
SMS_FALLBACK := 75 80 90
ifeq ($(origin SMS),undefined)
SMS := $(strip $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | \
                tr -d . | grep -E '^[0-9]+$$' | sort -un | tr '\n' ' '))
SMS := $(or $(SMS),$(SMS_FALLBACK))
endif
PAPER     ?= smoke
QUICK     ?=

# GR_GIT_REV=... overrides (a copy of the tree without its history, e.g. on a remote GPU machine)
GIT_REV   := $(or $(GR_GIT_REV),$(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD 2>/dev/null || echo -dirty))
PAPI_H    := $(wildcard /usr/include/papi.h)

CFLAGS    ?= -O2 -g
CFLAGS    += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fopenmp -MMD -MP -Icontract -Iharness \
             -DGR_GIT_REV=\"$(GIT_REV)\" -DGR_SMS='"$(SMS)"'
NVFLAGS   ?= -O3 -lineinfo
LAST_SM   := $(lastword $(SMS))
NVFLAGS   += -std=c++17 $(foreach sm,$(SMS),-gencode=arch=compute_$(sm),code=sm_$(sm)) \
             -gencode=arch=compute_$(LAST_SM),code=compute_$(LAST_SM) \
             -Xcompiler -Wall,-Wextra -Werror all-warnings -MMD -MP -Icontract
LDLIBS    := -L$(CUDA_HOME)/lib64 -lcudadevrt -lcudart_static -ldl -lpthread -lrt -lstdc++ -lm
ifneq ($(PAPI_H),)
CFLAGS    += -DGR_HAVE_PAPI
LDLIBS    += -lpapi
endif
# NCCL (the multi-GPU variants): nccl.h and libnccl under NCCL_HOME=DIR if given, else under the
# CUDA toolkit or the system's paths (Debian: libnccl-dev). Found: the multi-GPU launchers
# (NCCL_OBJ) are built with -DGR_HAVE_NCCL and the binary links -lnccl (run path set); not found:
# one line says so and everything else builds as before (fw-tiled-multi and bfs-do-multi then
# refuse, naming the reason).
NCCL_HOME ?=
NCCL_OBJ  := build/kernels/apsp/fw_multi.o build/kernels/bfs/bfs_multi.o
NCCL_DIRS := $(if $(NCCL_HOME),$(NCCL_HOME),$(CUDA_HOME) /usr /usr/local)
NCCL_INC  := $(firstword $(foreach d,$(NCCL_DIRS),$(wildcard $(d)/include/nccl.h)))
NCCL_LIB  := $(firstword $(foreach d,$(NCCL_DIRS),$(wildcard $(d)/lib/libnccl.so $(d)/lib64/libnccl.so \
               $(d)/lib/x86_64-linux-gnu/libnccl.so $(d)/lib/aarch64-linux-gnu/libnccl.so)))
ifneq ($(and $(NCCL_INC),$(NCCL_LIB)),)
NCCL_STATE := on
# NCCL's device headers are not ours to warn on: -isystem, except for /usr/include (already a
# system directory; naming it again breaks the C++ headers' #include_next)
NCCL_ISYS := $(addprefix -isystem ,$(filter-out /usr/include/,$(dir $(NCCL_INC))))
$(NCCL_OBJ): NVFLAGS += -DGR_HAVE_NCCL $(NCCL_ISYS)
build/kernels/bfs/bfs_multi.o: NVFLAGS += -Xcompiler -fopenmp   # a host thread a GPU issues its levels
LDLIBS    += -L$(dir $(NCCL_LIB)) -Wl,-rpath,$(dir $(NCCL_LIB)) -lnccl
else
NCCL_STATE := off
NCCL_WHERE := $(if $(NCCL_HOME),under $(NCCL_HOME),under $(CUDA_HOME), /usr or /usr/local)
$(info graphrepro: NCCL not found (nccl.h and libnccl.so $(NCCL_WHERE)): building without the \
  multi-GPU variants; NCCL_HOME=DIR names it)
endif
ifneq ($(shell cat build/nccl.state 2>/dev/null),$(NCCL_STATE))
$(shell mkdir -p build && rm -f $(NCCL_OBJ) build/libgrk.a bin/graphrepro && \
        echo $(NCCL_STATE) > build/nccl.state)
endif
# Code that depends on PAPI's presence is rebuilt when it changes (installed or removed): the state
# of the last build is kept in build/papi.state; on a change the PAPI object, the archives and the
# binary are removed here, at parse time (.SECONDARY would not remake a missing object alone).
PAPI_STATE := $(if $(PAPI_H),on,off)
ifneq ($(shell cat build/papi.state 2>/dev/null),$(PAPI_STATE))
$(shell mkdir -p build && rm -f build/harness/measure/papi_counters.o build/libgr.a \
        build/asan/harness/measure/papi_counters.o bin/graphrepro && echo $(PAPI_STATE) > build/papi.state)
endif
# The kernels, the code that names SMS (hostinfo) and what links them are rebuilt when SMS changes
# (build/sms.state holds the last build's list), as for PAPI above.
ifneq ($(shell cat build/sms.state 2>/dev/null),$(SMS))
$(shell mkdir -p build && rm -rf build/kernels build/libgrk.a build/harness/measure/hostinfo.o \
        build/asan/harness/measure/hostinfo.o build/libgr.a bin/graphrepro && \
        echo '$(SMS)' > build/sms.state)
endif
# The revision the rows name (hostinfo) is rebuilt when it changes: build/rev.state is rewritten
# then, and hostinfo's objects depend on it, so an incremental build never stamps its rows with
# an older commit.
ifneq ($(shell cat build/rev.state 2>/dev/null),$(GIT_REV))
$(shell mkdir -p build && echo '$(GIT_REV)' > build/rev.state)
endif
build/harness/measure/hostinfo.o build/asan/harness/measure/hostinfo.o: build/rev.state
ifeq ($(shell uname -m),x86_64)
SIMD_FLAGS := -mavx2 -mfma -mavx512f -mavx512bw
endif

# Harness sources: the top level (contracts) and one folder per stage of the data path or family.
HARNESS_SRC := $(filter-out harness/cli/main.c,$(wildcard contract/*.c harness/*.c harness/*/*.c))
KERNEL_SRC  := $(wildcard kernels/*/*.cu)
HARNESS_OBJ := $(HARNESS_SRC:%.c=build/%.o)
KERNEL_OBJ  := $(KERNEL_SRC:%.cu=build/%.o)
# Kernels that launch kernels from the device (dynamic parallelism): built with relocatable device
# code, each device-linked alone with the device runtime into a *_dlink.o beside it.
RDC_OBJ     := build/kernels/bfs/bfs_queue_dp.o
KERNEL_OBJ  += $(RDC_OBJ:.o=_dlink.o)
TEST_SRC    := $(wildcard tests/*/test_*.c tests/*/*/test_*.c)
TEST_BIN    := $(TEST_SRC:%.c=build/%)
# Parser, generator and the families' CPU tests are also built and run under AddressSanitizer +
# UBSan (a heap overflow that only showed on a 16-core host was caught this way).
ASAN_TEST_SRC := $(wildcard tests/harness/graph/test_io*.c tests/harness/graph/test_gen*.c \
                 tests/harness/graph/test_graph_direct.c \
                 tests/harness/output/test_csv*.c tests/harness/experiment/test_config*.c \
                 tests/harness/bfs/test_*.c tests/harness/sssp/test_*.c tests/harness/dom/test_*.c)
ASAN_TEST_BIN := $(ASAN_TEST_SRC:%.c=build/asan/%)
ASAN_FLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer
ASAN_HOBJ   := $(HARNESS_SRC:%.c=build/asan/%.o)

.PHONY: all test test-now test-gpu check-archs fuzz reproduce plots report compare clean help deps docs
# Keep intermediate objects (no "rm build/asan/..." after the test summary).
.SECONDARY:
all: bin/graphrepro

# Lab counting tools (lab/tools/*.c; lab/README.md says what each counts), not part of `all`.
LAB_TOOLS := $(patsubst lab/tools/%.c,build/lab/tools/%,$(wildcard lab/tools/*.c))
.PHONY: lab-tools
lab-tools: $(LAB_TOOLS)
build/lab/tools/%: lab/tools/%.c lab/tools/replay_graph.h build/libgr.a build/libgrk.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< build/libgr.a build/libgrk.a build/libgr.a $(LDLIBS)

bin/graphrepro: build/harness/cli/main.o build/libgr.a build/libgrk.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ build/libgr.a $(LDLIBS)

build/libgr.a: $(HARNESS_OBJ)
	@rm -f $@; ar rcs $@ $^
build/libgrk.a: $(KERNEL_OBJ)
	@rm -f $@; ar rcs $@ $^

build/harness/apsp/cpu_%.o: harness/apsp/cpu_%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O3 $(SIMD_FLAGS) -c -o $@ $<
build/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<
build/%.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVFLAGS) -c -o $@ $<
$(RDC_OBJ): NVFLAGS += -rdc=true
$(RDC_OBJ:.o=_dlink.o): %_dlink.o: %.o
	$(NVCC) $(foreach sm,$(SMS),-gencode=arch=compute_$(sm),code=sm_$(sm)) -dlink -o $@ $< -lcudadevrt

build/tests/%: tests/%.c build/libgr.a build/libgrk.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests -o $@ $< build/libgr.a build/libgrk.a build/libgr.a $(LDLIBS)

build/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) -c -o $@ $<
build/asan/tests/%: tests/%.c $(ASAN_HOBJ) build/libgrk.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) -Itests -o $@ $< $(ASAN_HOBJ) build/libgrk.a $(LDLIBS)

# CPU tests always; GPU tests too when a device is present (otherwise counted as skipped).
# deps may install libpapi-dev: the build runs in a sub-make that reads the Makefile again, so the
# binary that runs has PAPI on when it was installed just now.
# The sub-makes below build in parallel (all cores) unless the caller passed its own -j.
# (Expanded in the recipe, where MAKEFLAGS holds the caller's -j.)
NPROC := $(shell nproc 2>/dev/null || echo 1)
JOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))
test: deps
	@$(MAKE) --no-print-directory $(JOBS) test-now
DOC_TESTS := tests/docs/check_readme.sh tests/docs/check_docs_params.sh
test-now: bin/graphrepro $(TEST_BIN) $(ASAN_TEST_BIN)
	@bash scripts/run_tests.sh $(TEST_BIN) $(ASAN_TEST_BIN) $(DOC_TESTS)

# GPU tests only; a missing device is a failure here.
test-gpu: bin/graphrepro $(TEST_BIN)
	@GR_REQUIRE_GPU=1 bash scripts/run_tests.sh $(filter build/tests/kernels/%,$(TEST_BIN))

deps:
	@bash scripts/deps.sh

# Every kernel compiled for Turing to Blackwell (75 80 86 89 90 100 120), warnings as errors, in a
# scratch copy; CHECK_SMS="80 90" for another list.
CHECK_SMS ?=
check-archs:
	@bash scripts/check_archs.sh $(CHECK_SMS)

# Fuzz every input parser (graph readers, CSV, experiment files) FUZZ_SECONDS each (clang).
FUZZ_SECONDS ?= 10
fuzz: bin/graphrepro
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

# make reproduce [PAPER=key] [QUICK=1]: run every experiment of a paper, then charts and report.
reproduce: deps
	@$(MAKE) --no-print-directory $(JOBS) bin/graphrepro
	@bash scripts/reproduce.sh "$(PAPER)" "$(QUICK)"

plots: bin/graphrepro
	@bin/graphrepro plot --all

report: bin/graphrepro
	@bash scripts/report.sh

# The parameter tables of docs/<family>.md from the registry (graphrepro list --markdown).
docs: bin/graphrepro
	@bash scripts/docs_params.sh

# make compare A=results/<dev1> B=results/<dev2> [OUT=FILE]: two devices side by side (A / B).
A ?= results/nvidia-h100-80gb-hbm3
B ?= results/nvidia-h200
OUT ?= results/COMPARE-$(notdir $(A))-vs-$(notdir $(B)).md
compare: bin/graphrepro
	@bin/graphrepro report "$(A)" --compare "$(B)" -o "$(OUT)"

# Peer drivers (gapbs, Gunrock, Boost.Graph) for the side-by-side rows: peers/README.md.
include peers/peers.mk

clean:
	rm -rf build bin

help:
	@echo "make                 build bin/graphrepro (SMS=\"$(SMS)\")"
	@echo "make test            CPU tests (+ GPU tests when a device is present)"
	@echo "make test-gpu        GPU tests only (fails without a device)"
	@echo "make check-archs     every kernel compiled for sm_75 ... sm_120, warnings as errors"
	@echo "make reproduce [PAPER=key] [QUICK=1]   run a paper's experiments, charts, report"
	@echo "make plots | report  redraw charts / rewrite REPORT.md from committed CSVs"
	@echo "make docs            rewrite the parameter tables of docs/<family>.md from the registry"
	@echo "make compare A=DIR B=DIR [OUT=FILE]   two devices side by side (default OUT results/COMPARE-A-vs-B.md)"
	@echo "make peers [PEERS_SRC=DIR]   the peer drivers (gapbs, Gunrock, Boost.Graph) in build/peers/bin"
	@echo "make clean"

-include $(HARNESS_OBJ:.o=.d) $(KERNEL_OBJ:.o=.d) build/harness/cli/main.d $(TEST_BIN:=.d) $(ASAN_TEST_BIN:=.d) \
         $(ASAN_HOBJ:.o=.d)
