// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Core} from "./Core.sol";
import {SlippageExceeded} from "./Errors.sol";

/// Entry for deposits: the depositor approves this pipe, never Core.
contract DepositPipe {
    using SafeERC20 for IERC20;

    Core public immutable core;
    IERC20 public immutable asset;

    event Deposit(address indexed sender, address indexed receiver, uint256 assets, uint256 shares);

    constructor(Core core_) {
        core = core_;
        asset = IERC20(core_.asset());
    }

    function deposit(uint256 assets, address receiver, uint256 minShares) external returns (uint256 shares) {
        shares = core.checkDeposit(receiver, assets);
        if (shares < minShares) revert SlippageExceeded(shares, minShares);
        asset.safeTransferFrom(msg.sender, address(core), assets);
        core.mintFor(receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }
}
