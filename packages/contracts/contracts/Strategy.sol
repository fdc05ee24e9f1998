// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Unauthorized, ZeroAmount} from "./Errors.sol";

/// Holds the USDC the keeper moves out of the vault; it can only send USDC back to the vault.
contract Strategy is Ownable {
    using SafeERC20 for IERC20;

    address public immutable vault;
    IERC20 public immutable usdc;
    address public immutable hlpVault;
    address public keeper;

    event KeeperSet(address indexed keeper);
    event ReturnedToVault(uint256 assets);

    constructor(address owner_, address vault_, IERC20 usdc_, address hlpVault_, address keeper_) Ownable(owner_) {
        vault = vault_;
        usdc = usdc_;
        hlpVault = hlpVault_;
        keeper = keeper_;
    }

    function setKeeper(address keeper_) external onlyOwner {
        keeper = keeper_;
        emit KeeperSet(keeper_);
    }

    function returnToVault(uint256 assets) external {
        if (msg.sender != keeper) revert Unauthorized(msg.sender);
        if (assets == 0) revert ZeroAmount();
        usdc.safeTransfer(vault, assets);
        emit ReturnedToVault(assets);
    }
}
