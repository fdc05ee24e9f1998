// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Unauthorized} from "./Errors.sol";

/// Strategy equity as the vault counts it. The EVM USDC bucket is read live from the strategy account
/// (it is on this chain, so a report could only lag it); the HyperCore buckets and bridge transit are
/// keeper-reported, stamped with the report time so readers can judge staleness.
contract NavSource is Ownable {
    IERC20 public immutable usdc;
    address public immutable strategyAccount;
    address public immutable hlpVault;
    address public keeper;

    uint256 public coreSpotUsdc;
    uint256 public corePerpUsdc;
    uint256 public hlpEquity;
    uint256 public pendingBridgeIn;
    uint256 public pendingBridgeOut;
    uint256 public reportedAt;

    event KeeperSet(address indexed keeper);
    event NavReported(
        uint256 coreSpotUsdc,
        uint256 corePerpUsdc,
        uint256 hlpEquity,
        uint256 pendingBridgeIn,
        uint256 pendingBridgeOut,
        uint256 reportedAt
    );

    constructor(address owner_, IERC20 usdc_, address strategyAccount_, address hlpVault_, address keeper_)
        Ownable(owner_)
    {
        usdc = usdc_;
        strategyAccount = strategyAccount_;
        hlpVault = hlpVault_;
        keeper = keeper_;
    }

    function setKeeper(address keeper_) external onlyOwner {
        keeper = keeper_;
        emit KeeperSet(keeper_);
    }

    function report(uint256 coreSpot, uint256 corePerp, uint256 hlp, uint256 bridgeIn, uint256 bridgeOut) external {
        if (msg.sender != keeper) revert Unauthorized(msg.sender);
        coreSpotUsdc = coreSpot;
        corePerpUsdc = corePerp;
        hlpEquity = hlp;
        pendingBridgeIn = bridgeIn;
        pendingBridgeOut = bridgeOut;
        reportedAt = block.timestamp;
        emit NavReported(coreSpot, corePerp, hlp, bridgeIn, bridgeOut, block.timestamp);
    }

    function strategyEvmUsdc() public view returns (uint256) {
        return usdc.balanceOf(strategyAccount);
    }

    function pendingBridge() public view returns (uint256) {
        return pendingBridgeIn + pendingBridgeOut;
    }

    /// Everything the strategy holds for the vault, wherever it sits.
    function strategyEquity() external view returns (uint256) {
        return strategyEvmUsdc() + coreSpotUsdc + corePerpUsdc + hlpEquity + pendingBridge();
    }
}
