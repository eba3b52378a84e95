# peers.mk - builds the peer drivers (peers/README.md): our own small programs compiled against
# each peer's source at its pinned commit (peers/pins), fetched by peers/fetch.sh into
# build/peers/src/NAME; binaries in build/peers/bin. A peer whose source cannot be had is
# skipped with one line saying how to get it (kept in build/peers/src/NAME.unavailable); the
# target still succeeds (peers are optional).
#   make peers [PEERS_SRC=DIR]   all of them;  make peers-gapbs | peers-gunrock | peers-boost

PEERS_SRC_DIR := build/peers/src
PEERS_BIN     := build/peers/bin
PEERS_HDR     := peers/common/peer_driver.h contract/defaults.h
PEERS_INC     := -Ipeers/common -Icontract
PEERS_NAMES   := gapbs boost gunrock

# gapbs: as its own Makefile builds it (-std=c++11 -O3 -Wall, -fopenmp).
GAPBS_FLAGS   := -std=c++11 -O3 -Wall -fopenmp
# Boost.Graph: header-only for the dominator tree.
BOOST_FLAGS   := -std=c++17 -O2 -Wall
BOOST_INC     := $(if $(wildcard $(PEERS_SRC_DIR)/boost/boost),-isystem $(PEERS_SRC_DIR)/boost,)
# Gunrock essentials: the flags of its CMake release build for the NVIDIA backend, one SM
# (its launch boxes pick parameters by SM_TARGET: the last of SMS).
GUNROCK_FLAGS := -std=c++17 -O3 --expt-extended-lambda --expt-relaxed-constexpr --use_fast_math \
                 --diag-suppress=177,550,20014 -D__HIP_PLATFORM_NVIDIA__ -DHIP_BACKEND=1 \
                 -DSM_TARGET=$(LAST_SM) -DESSENTIALS_COLLECT_METRICS=0 \
                 -gencode=arch=compute_$(LAST_SM),code=sm_$(LAST_SM) \
                 -gencode=arch=compute_$(LAST_SM),code=compute_$(LAST_SM)
GUNROCK_INC   := -I$(PEERS_SRC_DIR)/gunrock/include -I$(PEERS_SRC_DIR)/gunrock/include/gunrock/compat

.PHONY: peers $(PEERS_NAMES:%=peers-%)
peers: $(PEERS_NAMES:%=peers-%)

# Fetch (exit 3: unavailable, already said; the target succeeds), then build in a sub-make that
# sees the fetched tree.
$(PEERS_NAMES:%=peers-%): peers-%:
	@$(if $(filter gunrock,$*),if ! command -v $(NVCC) >/dev/null 2>&1; then mkdir -p $(PEERS_SRC_DIR); \
	echo "peers: gunrock unavailable (no nvcc: $(NVCC)): install the CUDA toolkit; its rows are \
	skipped" | tee $(PEERS_SRC_DIR)/gunrock.unavailable >&2; exit 0; fi;) \
	rc=0; bash peers/fetch.sh $* || rc=$$?; \
	if [ $$rc = 0 ]; then $(MAKE) --no-print-directory $(PEERS_BIN)/$*-driver; \
	elif [ $$rc != 3 ]; then exit $$rc; fi

$(PEERS_BIN)/gapbs-driver: peers/gapbs/driver.cc $(PEERS_HDR) $(PEERS_SRC_DIR)/gapbs/.pin
	@mkdir -p $(dir $@)
	$(CXX) $(GAPBS_FLAGS) -MMD -MP -MF $@.d $(PEERS_INC) -I$(PEERS_SRC_DIR)/gapbs/src -o $@ $<

$(PEERS_BIN)/boost-driver: peers/boost/driver.cc $(PEERS_HDR) $(PEERS_SRC_DIR)/boost
	@mkdir -p $(dir $@)
	$(CXX) $(BOOST_FLAGS) -MMD -MP -MF $@.d $(PEERS_INC) $(BOOST_INC) -o $@ $<

$(PEERS_BIN)/gunrock-driver: peers/gunrock/driver.cu $(PEERS_HDR) $(PEERS_SRC_DIR)/gunrock/.pin
	@mkdir -p $(dir $@)
	$(NVCC) $(GUNROCK_FLAGS) -MMD -MP -MF $@.d $(PEERS_INC) $(GUNROCK_INC) -o $@ $< \
	    -L$(CUDA_HOME)/lib64 -lcudart_static -ldl -lpthread -lrt

-include $(PEERS_NAMES:%=$(PEERS_BIN)/%-driver.d)
