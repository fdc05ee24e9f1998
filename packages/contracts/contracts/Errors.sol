// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// One file of errors so that every contract, the indexer's decoder and the gateway's revert decoder share one ABI.
error Unauthorized(address caller);
error ZeroAmount();
error ZeroAddress();
error AlreadyWired();
error DepositsArePaused();
error BelowMinimumDeposit(uint256 assets, uint256 minimum);
error MaxTvlExceeded(uint256 assets, uint256 room);
error MaxUserDepositExceeded(uint256 assets, uint256 room);
error ZeroShares(uint256 assets);
error SlippageExceeded(uint256 amountOut, uint256 minimumOut);
error InsufficientShares(uint256 balance, uint256 shares);
error InsufficientLiquidity(uint256 assets, uint256 available);
error InstantCapacityExceeded(uint256 assets, uint256 capacity);
error RedemptionNotFound(uint256 id);
error NotRedemptionOwner(uint256 id, address caller);
error RedemptionNotPending(uint256 id, uint8 status);
error RedemptionNotClaimable(uint256 id, uint8 status);
error FeeTooHigh(uint256 bps, uint256 maxBps);
error AsyncRedeemOnly();
error NoClaimableRequest(address controller, uint256 amount);
error NotOperator(address owner, address caller);
error MaxAssetsExceeded(uint256 assets, uint256 maxAssets);
